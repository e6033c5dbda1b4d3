import { afterAll, beforeAll } from 'vitest';
import { OpenApiContract } from './openapi.js';
import { startServer, type StartOptions, type TestServer } from './server.js';

export interface ServerSuite {
  readonly server: TestServer;
  /** The served /v1/openapi.json, to validate responses against. */
  readonly contract: OpenApiContract;
}

/** Starts one server for the file's tests (before all) and closes it after. */
export function useServer(options: StartOptions = {}): ServerSuite {
  const suite = {} as { server: TestServer; contract: OpenApiContract };
  beforeAll(async () => {
    suite.server = await startServer(options);
    suite.contract = await OpenApiContract.fetch(suite.server.url);
  });
  afterAll(() => suite.server.close());
  return suite;
}
