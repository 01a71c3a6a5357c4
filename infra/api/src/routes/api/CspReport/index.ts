/**
 * Where browsers send Content-Security-Policy violations (`report-uri` and `report-to` of every
 * page, lib/csp.ts). Each violation is logged at warn level: a blocked script of our own means a
 * broken page, one from elsewhere an injection attempt or a browser extension.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CSP_REPORT_BODY_LIMIT, CSP_REPORT_MESSAGES, CSP_REPORT_RATE_LIMIT, CSP_REPORT_TYPES } from '@deals/contract';
import { HttpError } from '../../../errors.js';
import { violationsOf } from './reports.js';

const cspReport: FastifyPluginAsyncTypebox = async (fastify) => {
  // Browsers send these types (not application/json) and no CORS preflight: parsed here only.
  fastify.addContentTypeParser(
    CSP_REPORT_TYPES.filter((type) => type !== 'application/json'),
    { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, CSP_REPORT_MESSAGES.notJson), undefined);
      }
    },
  );

  // '' (not '/'): the controller's own path, `/api/CspReport`, as policies name it.
  fastify.post(
    '',
    {
      config: { access: 'public', rateLimit: { ...CSP_REPORT_RATE_LIMIT } },
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      schema: {
        summary: 'Report Content-Security-Policy violations',
        description:
          'Where browsers send Content-Security-Policy violations: one `application/csp-report` report (`report-uri`) or an ' +
          '`application/reports+json` batch (`report-to`). Each violation is logged; 204 with no body. 400 for a body that is not a report.',
        response: { 204: { type: 'null', description: 'Logged' } },
      },
    },
    async (request, reply) => {
      const violations = violationsOf(request.body);
      if (violations.length === 0) throw new HttpError(400, CSP_REPORT_MESSAGES.notAReport);
      for (const violation of violations) {
        request.log.warn({ cspViolation: violation }, `content security policy blocked ${violation.blockedUri || 'a resource'} (${violation.directive})`);
      }
      return reply.code(204).send();
    },
  );
};

export default cspReport;
