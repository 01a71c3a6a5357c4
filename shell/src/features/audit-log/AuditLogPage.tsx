import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Result } from 'antd';
import { type ProColumns } from '@ant-design/pro-components';
import { AUDIT_ACTION_LABELS, auditActionText, auditActorLabel } from '@deals/contract';
import { sessionAtom, toast } from '@deals/shared-auth';
import { AdminTable, PageHeader, Truncated, useServerTable, type ServerTableSpec } from '@deals/shared-auth/ui';
import { downloadAuditLogCsv, fetchAuditActors, fetchAuditLogPage, fetchAuditRecordTypes, type AuditActor, type AuditLogRow } from './api';
import { ChangesCell, localDateTime } from './changes';
import './audit-log.css';

/**
 * The log's search fields as the API takes them (`GET AuditLog/GetAuditLog?page=…`): the person
 * (`actorId`), record type and action chosen from lists, and When as a range of days in the
 * viewer's time zone (sent as `from`/`to`, see api.ts). Unsorted, the server answers newest first.
 */
export const AUDIT_LOG_TABLE_SPEC: ServerTableSpec = {
  fields: {
    actorId: {},
    recordType: {},
    action: {},
    when: { kind: 'days', prefix: 'at' },
  },
};

/** A timestamp as the tables show it (MM/DD/YYYY HH:mm, the viewer's zone); seconds in its tooltip. */
function When({ stamp }: { stamp: string }) {
  const text = localDateTime(stamp);
  if (text === null) return <>{stamp}</>;
  return (
    <time dateTime={stamp} title={new Date(stamp).toLocaleString('en-US')}>
      {text}
    </time>
  );
}

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

/**
 * The audit log: who changed what and when, for admins only. Every staff write, newest first, each
 * changed field from → to (secrets as "(hidden)"); filtered by person (deleted users too), record
 * type, action and days; paged and sorted by the API, the state in the URL; Download CSV streams
 * every matching entry from the server.
 */
export default function AuditLogPage() {
  const { isAdmin } = useAtomValue(sessionAtom);
  if (!isAdmin) return <Result status="403" title="Admins only" subTitle="Only admins can see the audit log." />;
  return <AuditLogTable />;
}

function AuditLogTable() {
  const [actors, setActors] = useState<AuditActor[]>([]);
  const [recordTypes, setRecordTypes] = useState<string[]>([]);
  const { request, initial, withUrlSort, query } = useServerTable(AUDIT_LOG_TABLE_SPEC, fetchAuditLogPage);

  useEffect(() => {
    let live = true;
    Promise.all([fetchAuditActors(), fetchAuditRecordTypes()])
      .then(([people, types]) => {
        if (!live) return;
        setActors(people);
        setRecordTypes(types);
      })
      .catch((error: unknown) => live && toast.failure(error));
    return () => {
      live = false;
    };
  }, []);

  const actorById = useMemo(() => new Map(actors.map((actor) => [actor.actorId, actor])), [actors]);

  const columns = useMemo<ProColumns<AuditLogRow>[]>(
    () =>
      withUrlSort<ProColumns<AuditLogRow>>([
        { title: 'When', dataIndex: 'at', sorter: true, hideInSearch: true, width: 140, render: (_, row) => <When stamp={row.at} /> },
        { title: 'When', dataIndex: 'when', valueType: 'dateRange', hideInTable: true },
        {
          title: 'Who',
          dataIndex: 'actorName',
          sorter: true,
          hideInSearch: true,
          width: 160,
          render: (_, row) => {
            const actor = row.actorId === null ? undefined : actorById.get(row.actorId);
            return <Truncated text={actor ? auditActorLabel(actor) : row.actorName} />;
          },
        },
        {
          title: 'Person',
          dataIndex: 'actorId',
          hideInTable: true,
          valueType: 'select',
          // Values are text: the address bar gives them back as text.
          fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: 'Anyone', options: actors.map((actor) => ({ value: String(actor.actorId), label: auditActorLabel(actor) })) },
        },
        {
          title: 'Action',
          dataIndex: 'action',
          sorter: true,
          width: 130,
          valueType: 'select',
          fieldProps: { placeholder: 'Any action', options: ACTION_OPTIONS },
          render: (_, row) => auditActionText(row.action),
        },
        {
          title: 'Record',
          dataIndex: 'recordType',
          sorter: true,
          width: 170,
          valueType: 'select',
          fieldProps: { showSearch: true, placeholder: 'Any record type', options: recordTypes.map((type) => ({ value: type, label: type })) },
          render: (_, row) => (row.recordId ? `${row.recordType} #${row.recordId}` : row.recordType),
        },
        { title: 'Changes', dataIndex: 'changes', hideInSearch: true, width: 360, render: (_, row) => <ChangesCell changes={row.changes} /> },
        { title: 'IP', dataIndex: 'ip', hideInSearch: true, width: 130, render: (_, row) => row.ip ?? '—' },
        { title: 'Call', dataIndex: 'route', hideInSearch: true, width: 220, render: (_, row) => <Truncated text={row.route} /> },
      ]),
    [withUrlSort, actors, actorById, recordTypes],
  );

  return (
    <>
      <PageHeader title="Audit Log" />
      <AdminTable<AuditLogRow, Record<string, unknown>> columns={columns} request={request} initial={initial} scrollX={1310} csv={{ download: () => downloadAuditLogCsv(query()) }} />
    </>
  );
}
