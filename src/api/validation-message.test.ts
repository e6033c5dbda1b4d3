import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeValidationError } from './validation-message.js';

function validationError(keyword: string, instancePath: string, message: string, params = {}): FastifyError {
  return Object.assign(new Error(message), {
    code: 'FST_ERR_VALIDATION',
    name: 'FastifyError',
    statusCode: 400,
    validation: [{ keyword, instancePath, schemaPath: '', params, message }],
    validationContext: 'querystring' as const,
  });
}

const schema = {
  querystring: {
    properties: { days: { description: 'Number of days: an integer from 1 to 60; default 1.' } },
  },
};

describe('describeValidationError', () => {
  it('names the parameter and quotes its accepted range', () => {
    expect(describeValidationError(validationError('maximum', '/days', 'must be <= 60'), schema)).toBe(
      'Invalid query parameter "days": must be <= 60. Accepted: Number of days: an integer from 1 to 60; default 1.',
    );
  });

  it('says when a required parameter is missing', () => {
    const error = validationError('required', '', "must have required property 'days'", {
      missingProperty: 'days',
    });
    expect(describeValidationError(error, schema)).toMatch(
      /^Invalid query parameter "days": is required\. Accepted:/,
    );
  });
});
