/**
 * Tracking-link templates (contract affiliate-links.ts) and the reading of networks' commission
 * reports (commission-rows.ts): expansion and encoding, every network preset, the template rules'
 * messages, each report format's header, amounts, dates and statuses.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AFFILIATE_MESSAGES,
  AFFILIATE_PRESETS,
  affiliateTemplateProblem,
  COMMISSION_MESSAGES,
  expandAffiliateLink,
  templateForDeal,
  withParameters,
} from '@deals/contract';
import { HttpError } from '../errors.js';
import { mapCommissionHeader, parseAmount, parseDate, readCommissionRow } from './commission-rows.js';

const CLICK = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const values = (url: string) => ({ url, clickId: CLICK, dealId: 42, storeId: 7 });

describe('affiliate link templates', () => {
  it('fills a network template, the deal link URL-encoded with its own query and fragment', () => {
    const link = expandAffiliateLink('https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&clickref={clickId}&ued={url}', values('https://shop.example/p?id=5&colour=red#reviews'));
    assert.equal(link, `https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&clickref=${CLICK}&ued=https%3A%2F%2Fshop.example%2Fp%3Fid%3D5%26colour%3Dred%23reviews`);
    // The encoded link comes back whole when the network decodes its parameter.
    assert.equal(new URL(link).searchParams.get('ued'), 'https://shop.example/p?id=5&colour=red#reviews');
  });

  it('encodes a non-ASCII path as UTF-8, in a template and without one (a header carries only ASCII)', () => {
    const url = 'https://shop.example/äpfel/苹果?q=grün';
    const tagged = expandAffiliateLink('https://t.example/c?sub={clickId}&d={dealId}&s={storeId}&u={url}', values(url));
    assert.match(tagged, /^[\x21-\x7e]+$/);
    assert.equal(new URL(tagged).searchParams.get('u'), url);
    assert.equal(new URL(tagged).searchParams.get('d'), '42');
    assert.equal(new URL(tagged).searchParams.get('s'), '7');
    const plain = expandAffiliateLink(null, values(url));
    assert.equal(plain, 'https://shop.example/%C3%A4pfel/%E8%8B%B9%E6%9E%9C?q=gr%C3%BCn');
    // A link of plain ASCII is sent byte for byte.
    assert.equal(expandAffiliateLink(null, values('https://shop.example/a?b=1&c=%20#x')), 'https://shop.example/a?b=1&c=%20#x');
  });

  it('adds {url}… parameters to the link before its fragment, replacing one of the same name and keeping the rest byte for byte', () => {
    assert.equal(
      expandAffiliateLink('{url}?tag=mine-20&ascsubtag={clickId}', values('https://www.amazon.com/dp/B0?tag=theirs-20&th=1#reviews')),
      `https://www.amazon.com/dp/B0?th=1&tag=mine-20&ascsubtag=${CLICK}#reviews`,
    );
    assert.equal(expandAffiliateLink('{url}&sub={clickId}', values('https://shop.example/p')), `https://shop.example/p?sub=${CLICK}`);
    assert.equal(withParameters('https://x.example/?a=%20b', '?c=1'), 'https://x.example/?a=%20b&c=1');
  });

  it('gives every preset the shape of its network, refused until the account values replace the capitals', () => {
    const accounts: Record<string, string> = { ADVERTISER_ID: '1001', PUBLISHER_ID: '2002', TRACKING_DOMAIN: 'goto.shop.example', AD_ID: '3', CAMPAIGN_ID: '4', TRACKING_ID: 'deals-20' };
    const expected: Record<keyof typeof AFFILIATE_PRESETS, (link: string) => boolean> = {
      AWIN: (link) => new URL(link).hostname === 'www.awin1.com' && new URL(link).searchParams.get('clickref') === CLICK && new URL(link).searchParams.get('ued') === 'https://shop.example/p?x=1',
      CJ: (link) => new URL(link).pathname === '/click-2002-1001' && new URL(link).searchParams.get('sid') === CLICK && new URL(link).searchParams.get('url') === 'https://shop.example/p?x=1',
      IMPACT: (link) => new URL(link).hostname === 'goto.shop.example' && new URL(link).pathname === '/c/2002/3/4' && new URL(link).searchParams.get('subId1') === CLICK,
      RAKUTEN: (link) => new URL(link).searchParams.get('u1') === CLICK && new URL(link).searchParams.get('murl') === 'https://shop.example/p?x=1' && new URL(link).searchParams.get('mid') === '1001',
      AMAZON: (link) => link === `https://shop.example/p?x=1&tag=deals-20&ascsubtag=${CLICK}`,
    };
    for (const [network, preset] of Object.entries(AFFILIATE_PRESETS) as [keyof typeof AFFILIATE_PRESETS, string][]) {
      assert.match(affiliateTemplateProblem(preset) ?? '', /^Replace [A-Z_]+ with your own value/, network);
      const filled = preset.replace(/ADVERTISER_ID|PUBLISHER_ID|TRACKING_DOMAIN|AD_ID|CAMPAIGN_ID|TRACKING_ID/g, (word) => accounts[word]!);
      assert.equal(affiliateTemplateProblem(filled), null, network);
      assert.ok(expected[network](expandAffiliateLink(filled, values('https://shop.example/p?x=1'))), network);
    }
  });

  it('refuses templates that cannot tag a click, each with its message', () => {
    const cases: [string, string][] = [
      ['ftp://t.example/?u={url}&c={clickId}', AFFILIATE_MESSAGES.templateScheme],
      ['javascript:alert(1)//{url}{clickId}', AFFILIATE_MESSAGES.templateScheme],
      ['https://t.example/?u={url}&c={clickid}', AFFILIATE_MESSAGES.templateUnknownPlaceholder('{clickid}')],
      ['https://t.example/?u={url}&c={clickId', AFFILIATE_MESSAGES.templateUnknownPlaceholder('{clickId')],
      ['https://t.example/?u={url}&c=}{clickId}', AFFILIATE_MESSAGES.templateUnknownPlaceholder('}')],
      ['https://t.example/?c={clickId}', AFFILIATE_MESSAGES.templateNeedsUrl],
      ['https://t.example/?u={url}', AFFILIATE_MESSAGES.templateNeedsClickId],
      ['{url}', AFFILIATE_MESSAGES.templateAfterUrl],
      ['{url}/path?c={clickId}', AFFILIATE_MESSAGES.templateAfterUrl],
      ['https://t.example/?u={url} &c={clickId}', AFFILIATE_MESSAGES.templateSpaces],
      [`https://t.example/?u={url}&c={clickId}&x=${'a'.repeat(2000)}`, AFFILIATE_MESSAGES.templateTooLong],
    ];
    for (const [template, message] of cases) assert.equal(affiliateTemplateProblem(template), message, template);
  });

  it("uses the store's template, the deal's own, or none for a link that already tracks", () => {
    const store = { affiliateLinkTemplate: 'https://s.example/?u={url}&c={clickId}' };
    assert.equal(templateForDeal({ affiliateMode: 'STORE', affiliateLinkTemplate: null }, store), store.affiliateLinkTemplate);
    assert.equal(templateForDeal({ affiliateMode: 'OWN', affiliateLinkTemplate: 'https://o.example/?u={url}&c={clickId}' }, store), 'https://o.example/?u={url}&c={clickId}');
    assert.equal(templateForDeal({ affiliateMode: 'TRACKING', affiliateLinkTemplate: null }, store), null);
    assert.equal(templateForDeal({ affiliateMode: 'STORE', affiliateLinkTemplate: null }, { affiliateLinkTemplate: null }), null);
  });
});

describe('commission reports', () => {
  it('maps each format\'s header, a currency named in an amount header included, and names missing columns', () => {
    const awin = mapCommissionHeader('awin', ['Transaction ID', 'Click Ref', 'Transaction Date', 'Sale Amount', 'Commission Amount', 'Currency', 'Commission Status']);
    assert.deepEqual(awin.positions, { transactionId: 0, clickRef: 1, date: 2, amount: 3, commission: 4, currency: 5, status: 6 });
    const cj = mapCommissionHeader('cj', ['Event Date', 'Commission ID', 'SID', 'Sale Amount (USD)', 'Publisher Commission (USD)', 'Action Status']);
    assert.equal(cj.headerCurrency, 'USD');
    assert.equal(cj.positions.currency, -1);
    const impact = mapCommissionHeader('impact', ['Action ID', 'SubId1', 'Event Date', 'Sale Amount', 'Payout', 'Currency', 'Status']);
    assert.equal(impact.positions.commission, 4);
    const generic = mapCommissionHeader('generic', ['status', 'currency', 'commission', 'amount', 'date', 'clickRef', 'transactionId']);
    assert.equal(generic.positions.transactionId, 6);
    assert.throws(
      () => mapCommissionHeader('generic', ['transactionId', 'date', 'amount', 'commission', 'currency', 'status']),
      (error: unknown) => error instanceof HttpError && error.message === COMMISSION_MESSAGES.missingColumns('generic', ['clickRef']),
    );
  });

  it('reads amounts, dates and statuses as the networks write them', () => {
    assert.equal(parseAmount('1,234.56'), 1234.56);
    assert.equal(parseAmount('12,50'), 12.5);
    assert.equal(parseAmount('$-3.20'), -3.2);
    assert.equal(parseAmount('abc'), null);
    assert.equal(parseAmount('1e400'), null);
    assert.equal(parseDate('2026-11-30'), '2026-11-30T00:00:00.000Z');
    assert.equal(parseDate('2026-11-30 14:05:00'), '2026-11-30T14:05:00.000Z');
    assert.equal(parseDate('2026-11-30T14:05:00+02:00'), '2026-11-30T12:05:00.000Z');
    assert.equal(parseDate('yesterday'), null);
    assert.equal(parseDate('1850-01-01'), null);
    const header = mapCommissionHeader('generic', ['transactionId', 'clickRef', 'date', 'amount', 'commission', 'currency', 'status']);
    const row = (cells: string[]) => readCommissionRow(header, cells, 2);
    assert.deepEqual(row(['T1', CLICK, '2026-11-30', '100', '8.5', 'eur', 'Approved']), {
      row: { line: 2, transactionId: 'T1', clickRef: CLICK, occurredAt: '2026-11-30T00:00:00.000Z', saleAmount: 100, commission: 8.5, currency: 'EUR', status: 'APPROVED' },
    });
    const reason = (cells: string[]) => ('problem' in row(cells) ? (row(cells) as { problem: { reason: string } }).problem.reason : null);
    assert.equal(reason(['', CLICK, '2026-11-30', '1', '1', 'EUR', 'pending']), COMMISSION_MESSAGES.rowTransactionId);
    assert.equal(reason(['T', '', '2026-11-30', '1', '1', 'EUR', 'pending']), COMMISSION_MESSAGES.rowClickRef);
    assert.equal(reason(['T', CLICK, 'soon', '1', '1', 'EUR', 'pending']), COMMISSION_MESSAGES.rowDate);
    assert.equal(reason(['T', CLICK, '2026-11-30', 'x', '1', 'EUR', 'pending']), COMMISSION_MESSAGES.rowAmount);
    assert.equal(reason(['T', CLICK, '2026-11-30', '1', '', 'EUR', 'pending']), COMMISSION_MESSAGES.rowCommission);
    assert.equal(reason(['T', CLICK, '2026-11-30', '1', '1', 'euro', 'pending']), COMMISSION_MESSAGES.rowCurrency);
    assert.equal(reason(['T', CLICK, '2026-11-30', '1', '1', 'EUR', 'maybe']), COMMISSION_MESSAGES.rowStatus('maybe'));
    for (const [word, status] of [['declined', 'DECLINED'], ['reversed', 'REVERSED'], ['locked', 'APPROVED'], ['new', 'PENDING']] as const) {
      assert.equal((row(['T', CLICK, '2026-11-30', '1', '1', 'EUR', word]) as { row: { status: string } }).row.status, status);
    }
  });
});
