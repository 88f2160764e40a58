import { type ErrorCode, errorCode } from '@evt/contracts/errors';
import { upstreamErrorCode } from './upstream-api';

/**
 * Upstream error codes that tell the browser more than the status alone, and the code each becomes. Only
 * these are read from an upstream error's body; its message and anything else never reach the browser.
 */
const KNOWN: Record<string, ErrorCode> = {
  form_closed: errorCode.formClosed,
  link_expired: errorCode.linkExpired,
  unknown_link: errorCode.linkUnknown,
  payload_too_large: errorCode.payloadTooLarge,
  unsupported_media_type: errorCode.unsupportedMediaType,
  image_too_large: errorCode.imageTooLarge,
};

/** Our code for an upstream error answer (`{ error: { code } }`), when it is one of the known ones. */
export function knownUpstreamCode(data: unknown): ErrorCode | undefined {
  const code = upstreamErrorCode(data);
  return code && Object.hasOwn(KNOWN, code) ? KNOWN[code] : undefined;
}
