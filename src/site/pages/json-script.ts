/** JSON for a `<script type="application/json">`: `<` escaped so no value can close the element. */
export function jsonScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}
