/**
 * The API client cannot reach the router (it is created later, and tests build their own). The router
 * registers what a 401 should do: clear the session and go to the login page.
 */
type Handler = () => void;
let handler: Handler | undefined;

export function setUnauthorizedHandler(next: Handler | undefined): void {
  handler = next;
}

export function notifyUnauthorized(): void {
  handler?.();
}
