/**
 * Starts Swagger UI (from the swagger-ui-dist package, served by this process) on the reference
 * page over the served OpenAPI document: search by tag, every operation, try-it against this
 * server (GET only: the API is read-only), the request as curl.
 */
export const REFERENCE_SCRIPT = String.raw`(function () {
  'use strict';
  var el = document.getElementById('swagger-ui');
  if (!el || !window.SwaggerUIBundle) return;
  window.ui = SwaggerUIBundle({
    url: el.getAttribute('data-spec'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    filter: true,
    supportedSubmitMethods: ['get'],
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    onComplete: function () {
      // Swagger UI leaves its server picker unnamed for assistive technology.
      var servers = document.getElementById('servers');
      if (servers) servers.setAttribute('aria-label', 'Server');
      el.setAttribute('data-rendered', 'true');
    }
  });
})();`;
