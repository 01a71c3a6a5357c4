import { AxiosError, type AxiosResponse } from 'axios';
import { GENERIC_SERVER_ERROR, serverMessage } from './errors';

const failed = (data: unknown) =>
  new AxiosError('Request failed', 'ERR_BAD_RESPONSE', undefined, undefined, { data, status: 400 } as AxiosResponse);

describe('serverMessage', () => {
  it("shows the server's message", () => {
    expect(serverMessage(failed({ message: 'Store Name is required' }))).toBe('Store Name is required');
    expect(serverMessage(failed({ Message: 'Legacy casing' }))).toBe('Legacy casing');
  });

  it('falls back to the generic text', () => {
    expect(GENERIC_SERVER_ERROR).toBe('Oops! Something went wrong on the server. Please contact support.');
    expect(serverMessage(failed(undefined))).toBe(GENERIC_SERVER_ERROR);
    expect(serverMessage(failed({ message: '  ' }))).toBe(GENERIC_SERVER_ERROR);
    expect(serverMessage(new Error('network'))).toBe(GENERIC_SERVER_ERROR);
  });
});
