import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Col, Row, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { EMAIL_LIMITS } from '@deals/contract/email-alerts';
import type { EmailSend, EmailSendsPage as SendsPage, EmailSubscriberCounts } from '@deals/contract';
import { toast } from '@deals/shared-auth';
import { PageHeader } from '@deals/shared-auth/ui';
import { ConsoleNav } from '../../components/ConsoleNav';
import { formatDateTime } from '../../lib/format';
import { fetchEmailSends, fetchSubscriberCounts } from './api';
import { DELIVERY_COLUMNS, DeliveryTag, KindTag } from './sendText';
import './email-sends.css';

const PAGE_SIZES = [EMAIL_LIMITS.sendsPageSize, 50, 100];

const number = (value: number) => value.toLocaleString('en-US');

/** A deal's page on the visitor site: the alert as a visitor opens it, in a tab of its own. */
const dealPath = (productId: number) => `/deal/details/${productId}`;

const COLUMNS: ColumnsType<EmailSend> = [
  { title: 'Sent on', dataIndex: 'createdAt', width: 140, render: (stamp: string) => formatDateTime(stamp) },
  { title: 'Kind', dataIndex: 'kind', width: 130, render: (kind: EmailSend['kind']) => <KindTag kind={kind} /> },
  {
    title: 'Title',
    dataIndex: 'title',
    width: 220,
    render: (title: string, send) =>
      send.productId === null ? (
        <span className="deals-email-title" title={title}>
          {title}
        </span>
      ) : (
        <a className="deals-email-title" href={dealPath(send.productId)} target="_blank" rel="noopener noreferrer" title={title}>
          {title}
        </a>
      ),
  },
  { title: 'Messages', dataIndex: 'total', width: 96, align: 'right', render: (total: number) => number(total) },
  ...DELIVERY_COLUMNS.map(({ key, title }) => ({ title, dataIndex: key, width: 88, align: 'right' as const, render: (_: number, send: EmailSend) => <DeliveryTag send={send} count={key} /> })),
];

// The columns' widths add up to what fits beside the menu on a laptop; narrower screens scroll sideways.
const SCROLL_X = COLUMNS.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

const FIGURES: readonly { key: keyof EmailSubscriberCounts; title: string }[] = [
  { key: 'confirmed', title: 'Confirmed subscribers' },
  { key: 'pending', title: 'Waiting for confirmation' },
  { key: 'instant', title: 'Instant alerts' },
  { key: 'daily', title: 'Daily digest' },
];

/** Who the alerts go to: confirmed addresses (split by frequency) and those that never opened the confirmation. */
function SubscriberCounts({ counts }: { counts: EmailSubscriberCounts | null }) {
  return (
    <section aria-label="Email alert subscribers" className="deals-email-counts">
      <Row gutter={[16, 16]}>
        {FIGURES.map(({ key, title }) => (
          <Col key={key} xs={12} md={6}>
            <Card size="small">
              <Statistic title={title} value={counts?.[key] ?? 0} loading={!counts} formatter={(value) => number(Number(value))} />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

/** The page and page size the address asks for; anything else falls back to the first page of the default size. */
function pagingFrom(params: URLSearchParams): { page: number; pageSize: number } {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : EMAIL_LIMITS.sendsPageSize };
}

/**
 * Email sends (admins): every mail the site sent, newest first — each deal's instant alert, each
 * day's digest, and the day's confirmations, password resets and invitations — with how far its
 * messages got. Paged by the server; the page lives in the address so a reload keeps it.
 */
export default function EmailSendsPage() {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pagingFrom(params);
  const [reloads, setReloads] = useState(0);
  // What was asked for last; the table is loading until the answer to exactly that has come.
  const wanted = `${page}/${pageSize}/${reloads}`;
  const [loaded, setLoaded] = useState<{ key: string; sends: SendsPage | null }>({ key: '', sends: null });
  const loading = loaded.key !== wanted;
  const sends = loaded.sends;
  const [counts, setCounts] = useState<EmailSubscriberCounts | null>(null);

  useEffect(() => {
    let current = true;
    fetchEmailSends(page, pageSize).then(
      (answer) => current && setLoaded({ key: wanted, sends: answer }),
      (error: unknown) => {
        if (!current) return;
        toast.failure(error);
        // The rows already shown stay, rather than an empty table that says nothing was sent.
        setLoaded((previous) => ({ key: wanted, sends: previous.sends }));
      },
    );
    return () => {
      current = false;
    };
  }, [page, pageSize, wanted]);

  useEffect(() => {
    let current = true;
    fetchSubscriberCounts()
      .then((answer) => current && setCounts(answer))
      .catch((error: unknown) => current && toast.failure(error));
    return () => {
      current = false;
    };
  }, [reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const goTo = (nextPage: number, nextSize: number) => {
    const next = new URLSearchParams(params);
    // A new page size starts again from the first page: the old page number means other rows.
    const target = nextSize === pageSize ? nextPage : 1;
    if (target > 1) next.set('page', String(target));
    else next.delete('page');
    if (nextSize !== EMAIL_LIMITS.sendsPageSize) next.set('pageSize', String(nextSize));
    else next.delete('pageSize');
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Email Sends"
        extra={
          <Button icon={<ReloadOutlined />} onClick={reload} loading={loading}>
            Refresh
          </Button>
        }
      />
      <ConsoleNav />
      <SubscriberCounts counts={counts} />
      <Table<EmailSend>
        aria-label="Email sends"
        className="deals-email-sends"
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={sends?.items ?? []}
        loading={loading}
        locale={{ emptyText: 'No email has been sent yet' }}
        scroll={{ x: SCROLL_X }}
        pagination={{
          current: page,
          pageSize,
          total: sends?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total, [first, last]) => `${first}–${last} of ${number(total)}`,
          onChange: goTo,
        }}
      />
    </>
  );
}
