import { discountPercent, formatPrice, lifetimeLabel } from './dealText';

describe('formatPrice', () => {
  it('shows $ and two decimals', () => {
    expect(formatPrice(19.5)).toBe('$19.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1299)).toBe('$1,299.00');
    expect(formatPrice(2.005)).toMatch(/^\$2\.0[01]$/);
    expect(formatPrice(null)).toBe('');
  });
});

describe('discountPercent', () => {
  it('is the saving as a rounded percent of the previous price', () => {
    expect(discountPercent(75, 100)).toBe(25);
    expect(discountPercent(66.66, 100)).toBe(33);
    expect(discountPercent(66.4, 100)).toBe(34);
    expect(discountPercent(0, 50)).toBe(100);
  });

  it('is null without a saving', () => {
    expect(discountPercent(100, 100)).toBeNull();
    expect(discountPercent(120, 100)).toBeNull();
    expect(discountPercent(10, 0)).toBeNull();
    expect(discountPercent(10, null)).toBeNull();
  });
});

describe('lifetimeLabel', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

  it('counts days when more than 24 hours are left, rounding up', () => {
    expect(lifetimeLabel(inHours(25), now)).toBe('2 Days Left');
    expect(lifetimeLabel(inHours(48), now)).toBe('2 Days Left');
    expect(lifetimeLabel(inHours(49), now)).toBe('3 Days Left');
    expect(lifetimeLabel(inHours(24 * 10 + 5), now)).toBe('11 Days Left');
  });

  it('says 1 Day Left at exactly 24 hours', () => {
    expect(lifetimeLabel(inHours(24), now)).toBe('1 Day Left');
    expect(lifetimeLabel(inHours(24.5), now)).toBe('1 Day Left');
  });

  it('says Expires Soon from 13 to 23 hours', () => {
    expect(lifetimeLabel(inHours(13), now)).toBe('Expires Soon');
    expect(lifetimeLabel(inHours(23.9), now)).toBe('Expires Soon');
  });

  it('says Expires Today under 12 hours', () => {
    expect(lifetimeLabel(inHours(11.9), now)).toBe('Expires Today');
    expect(lifetimeLabel(inHours(0), now)).toBe('Expires Today');
  });

  it('says nothing once expired', () => {
    expect(lifetimeLabel(inHours(-0.01), now)).toBeNull();
  });

  it('says Limited-Time Only otherwise', () => {
    expect(lifetimeLabel(null, now)).toBe('Limited-Time Only');
    expect(lifetimeLabel('not a date', now)).toBe('Limited-Time Only');
    expect(lifetimeLabel(inHours(12.5), now)).toBe('Limited-Time Only');
  });
});
