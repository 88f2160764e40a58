import { type ErrorCode, errorCode } from '@evt/contracts/errors';

/** Refuses early what the server would refuse anyway (the server still checks the bytes). */
export function checkFile(file: File, maxBytes: number, types: readonly string[]): ErrorCode | null {
  if (file.size > maxBytes) return errorCode.payloadTooLarge;
  if (!types.includes(file.type)) return errorCode.unsupportedMediaType;
  return null;
}
