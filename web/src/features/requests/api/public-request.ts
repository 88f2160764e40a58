import {
  type AnswerBody,
  infoRequestRoutes as routes,
  publicInfoRequest,
  REQUEST_TOKEN_HEADER,
} from '@evt/contracts/info-requests';
import { apiSend, apiUpload } from '../../../lib/api-client';

/*
 * The visitor's calls, apart from the console's (which pull the whole route table into the visitor entry).
 */
/** the link's token goes in a header, never in an API address */

const tokenHeader = (token: string) => ({ [REQUEST_TOKEN_HEADER]: token });

export async function fetchPublicRequest(token: string, signal?: AbortSignal) {
  const { payload } = await apiSend(routes.publicView.path, { signal, headers: tokenHeader(token) });
  return publicInfoRequest.parse(payload);
}

export const uploadRequestFile = (
  token: string,
  input: { item: string; file: File },
  onProgress: (fraction: number) => void,
) =>
  apiUpload(
    routes.publicUpload,
    { fields: { item: input.item }, files: [input.file], headers: tokenHeader(token) },
    onProgress,
  );

export async function sendAnswer(token: string, body: AnswerBody) {
  await apiSend(routes.publicAnswer.path, {
    method: 'POST',
    body: JSON.stringify(body),
    contentType: 'application/json',
    headers: tokenHeader(token),
  });
}
