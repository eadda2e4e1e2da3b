import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { securityHeaders } from './security-headers.js';

/** The headers recorded once from helmet (ADR 033). */
describe('securityHeaders', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://localhost/none', COOKIE_SECURE: '1' });
  const { app, player } = securityHeaders(config);

  it('records what helmet sets for the admin app: nobody frames it', () => {
    expect(app['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(app['content-security-policy']).toContain("script-src 'self'");
    expect(app['x-frame-options']).toBe('SAMEORIGIN');
    expect(app['cross-origin-resource-policy']).toBe('same-origin');
    expect(app['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(app['x-content-type-options']).toBe('nosniff');
    expect(app['referrer-policy']).toBe('same-origin');
    expect(app).not.toHaveProperty('x-powered-by');
  });

  it('lets any site frame and read the player, the rest as for the app', () => {
    expect(player['content-security-policy']).toContain('frame-ancestors *');
    expect(player).not.toHaveProperty('x-frame-options');
    expect(player['cross-origin-resource-policy']).toBe('cross-origin');
    const { 'x-frame-options': _frame, ...rest } = app;
    expect(player).toEqual({
      ...rest,
      'content-security-policy': player['content-security-policy'],
      'cross-origin-resource-policy': 'cross-origin',
    });
  });

  it('sends no HSTS over plain http', () => {
    const plain = securityHeaders(loadConfig({ DATABASE_URL: 'postgres://localhost/none' }));
    expect(plain.app).not.toHaveProperty('strict-transport-security');
  });
});
