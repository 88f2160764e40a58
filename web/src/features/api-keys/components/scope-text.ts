import type { ApiKeyScope } from '@evt/contracts/api-keys';
import type { MessageKey } from '../../../lib/i18n/keys';

/** The words of each scope (the codes hold colons, which i18next reads as namespaces). */
export const SCOPE_TEXT = {
  'event:read': 'apiKeys.scopes.event_read',
  'registrations:read': 'apiKeys.scopes.registrations_read',
  'registrations:write': 'apiKeys.scopes.registrations_write',
  'checkin:scan': 'apiKeys.scopes.checkin_scan',
  'b2b:manage': 'apiKeys.scopes.b2b_manage',
} as const satisfies Record<ApiKeyScope, MessageKey>;
