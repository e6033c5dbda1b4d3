/**
 * Validates real responses against the schema the served /v1/openapi.json declares for them, so a
 * body can never drift from the published contract.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly templates: { template: string; pattern: RegExp; params: number }[];

  constructor(readonly document: OpenAPIV3_1.Document) {
    this.ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    this.ajv.addSchema(document, 'openapi');
    this.templates = Object.keys(document.paths ?? {})
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  static async fetch(baseUrl: string): Promise<OpenApiContract> {
    const response = await fetch(`${baseUrl}/v1/openapi.json`);
    return new OpenApiContract((await response.json()) as OpenAPIV3_1.Document);
  }

  /**
   * The path template a concrete path falls under, preferring literal segments. A trailing slash
   * is ignored, as the server's router does (`ignoreTrailingSlash`).
   */
  templateFor(path: string): string | undefined {
    const bare = (path.split('?')[0] ?? path).replace(/(.)\/$/, '$1');
    return this.templates.find((t) => t.pattern.test(bare))?.template;
  }

  /**
   * Returns the validation errors (empty when valid) of `body` as the `status` answer of GET `path`
   * in `mediaType` (one event's message, for `text/event-stream`).
   */
  validate(path: string, status: number, body: unknown, mediaType = 'application/json'): string[] {
    const template = this.templateFor(path);
    if (!template) return [`no path in the OpenAPI document matches ${path}`];
    const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
    const pointer = `openapi#/paths/${escape(template)}/get/responses/${status}/content/${escape(mediaType)}/schema`;
    const validate = this.ajv.getSchema(pointer);
    if (!validate)
      return [`the OpenAPI document declares no ${status} ${mediaType} response for GET ${template}`];
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  }
}
