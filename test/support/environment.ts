/**
 * The environment for a child process the tests start as an operator would: PATH and HOME, plus
 * `vars`. Never the test runner's own: vitest sets BASE_URL=/ in it, which is no URL.
 */
export function operatorEnvironment(vars: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...vars };
}
