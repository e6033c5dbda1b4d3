import { describe, expect, it } from 'vitest';
import { accessRule, type AuthScheme } from './security.js';

const bearer: AuthScheme = {
  id: 'bearerAuth',
  kind: 'HTTP bearer',
  sendAs: 'Authorization: Bearer <API_KEY>',
  description: '',
};
const header: AuthScheme = {
  id: 'serviceKey',
  kind: 'API key in header',
  sendAs: 'X-Service-Key: <API_KEY>',
  description: '',
};

describe('accessRule', () => {
  it('reads the three OpenAPI cases', () => {
    expect(accessRule(undefined, [bearer])).toBeUndefined();
    expect(accessRule([], [bearer])).toEqual({ key: 'none', schemes: [] });
    expect(accessRule([{}, { serviceKey: [] }], [bearer, header])).toEqual({
      key: 'optional',
      schemes: [header],
    });
    expect(accessRule([{ bearerAuth: [] }], [bearer, header])).toEqual({
      key: 'required',
      schemes: [bearer],
    });
  });
});
