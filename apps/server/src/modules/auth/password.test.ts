import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.js';
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from './password.js';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters of 7 MiB and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('verifies a hash of older parameters with its own, and asks for it to be made again', async () => {
    const { hash } = await import('@node-rs/argon2');
    const older = await hash('correct horse battery', {
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(await verifyPassword(older, 'correct horse battery')).toBe(true);
    expect(needsRehash(older)).toBe(true);
    expect(needsRehash('not a hash')).toBe(false);
  });

  it('hashes one at a time, in the order asked', async () => {
    const order: string[] = [];
    await Promise.all(
      ['first password', 'second password', 'third password'].map((p) =>
        hashPassword(p).then(() => order.push(p)),
      ),
    );
    expect(order).toEqual(['first password', 'second password', 'third password']);
  });

  it('asks for 8 to 128 characters and refuses common passwords, with no composition rules', () => {
    expect(passwordProblem('short')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('Password1')).toMatch(/too common/);
    expect(passwordProblem('alllowercaseletters')).toBeNull();
    expect(passwordProblem('пароль-довгий')).toBeNull();
  });
});

describe('describeDevice', () => {
  it('names browser and system', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 147 on Windows 10');
    expect(describeDevice(undefined)).toBe('Unknown device');
    expect(describeDevice('curl/8.0')).toBe('curl/8.0');
  });
});
