/**
 * Calls with an empty body (`PUT Users/ChangeUserPassword?…`, `PUT ProductImage/SetPreviewImage?…`)
 * arrive from axios, jQuery and HTML forms labelled `application/x-www-form-urlencoded`, a type
 * Fastify would refuse with 415. Accept that type when the body is empty; a non-empty one is still
 * refused, since every body this API reads is JSON or multipart.
 */
import fp from 'fastify-plugin';
import { HttpError } from '../../errors.js';

export default fp(
  async (fastify) => {
    fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      if (body === '') done(null, undefined);
      else done(new HttpError(415, 'Send JSON or a multipart form.'));
    });
  },
  { name: 'empty-form-body' },
);
