import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Checkbox, Collapse, Flex, List, Progress, Result, Statistic, Steps, Tag, Typography, Upload } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { DEAL_IMPORT_COLUMNS, DEAL_IMPORT_LIMITS, type DealImportEvent, type DealImportPreview, type DealImportProblem } from '@deals/contract';
import { confirmAction, serverMessage } from '@deals/shared-auth';
import { PageHeader } from '@deals/shared-auth/ui';
import { previewImport, runImport } from './api';
import { downloadImportTemplate, HEADER_OF, progressText } from './importText';
import './deal-import.css';

const DEALS_PATH = '/admin/management/product-deals';
/** The deals list newest first: where imported deals are. */
const IMPORTED_PATH = `${DEALS_PATH}?sortBy=dateTimeAdded&order=desc`;

const count = (value: number) => value.toLocaleString('en-US');

function ProblemsTable({ problems, total }: { problems: DealImportProblem[]; total: number }) {
  return (
    <>
      {total > problems.length && (
        <Typography.Paragraph type="secondary">
          The first {count(problems.length)} of {count(total)} rows with problems are listed.
        </Typography.Paragraph>
      )}
      <List<DealImportProblem>
        className="deal-import__problem-list"
        size="small"
        bordered
        dataSource={problems}
        pagination={problems.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
        renderItem={(problem) => (
          <List.Item key={problem.line} aria-label={`Line ${problem.line}`}>
            <div>
              <Typography.Text type="secondary">Line {problem.line}</Typography.Text>{' '}
              <Typography.Text strong>{problem.name || '(no name)'}</Typography.Text>
              <ul className="deal-import__problems">
                {Object.entries(problem.errors).map(([key, message]) => (
                  <li key={key}>
                    <Typography.Text strong>{HEADER_OF[key] ?? key}:</Typography.Text> {message}
                  </li>
                ))}
              </ul>
            </div>
          </List.Item>
        )}
      />
    </>
  );
}

function ColumnsHelp() {
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'columns',
          label: 'Columns the file may have',
          children: (
            <ul className="deal-import__columns">
              {DEAL_IMPORT_COLUMNS.map((column) => (
                <li key={column.key}>
                  <Typography.Text strong>{column.header}</Typography.Text> {column.required ? <Tag color="blue">required</Tag> : <Tag>optional</Tag>}
                  <Typography.Text type="secondary"> also read from: {column.aliases.join(', ')}</Typography.Text>
                </li>
              ))}
              <li>
                Several product categories go in one cell separated by <code>|</code>. Stores and product categories must already exist (matched by name, any case). Dates
                are ISO 8601 or MM/DD/YYYY HH:mm in your time zone; Is Active? and Is Featured? take Yes or No.
              </li>
            </ul>
          ),
        },
      ]}
    />
  );
}

type Stage = 'choose' | 'checked' | 'importing' | 'finished';

/**
 * Import Deals (adding deals in bulk): a CSV (an affiliate feed export, or a Download CSV of the deals table)
 * is checked row by row by the server with the deal form's rules, then its valid rows are
 * imported in one go while the progress shows.
 */
export default function DealImportPage() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [withImages, setWithImages] = useState(true);
  const [stage, setStage] = useState<Stage>('choose');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<DealImportPreview | null>(null);
  const [progress, setProgress] = useState<Extract<DealImportEvent, { type: 'progress' }> | null>(null);
  const [outcome, setOutcome] = useState<Exclude<DealImportEvent, { type: 'progress' }> | null>(null);

  const reset = (next: File | null) => {
    setFile(next);
    setPreview(null);
    setOutcome(null);
    setProgress(null);
    setRefusal(null);
    setStage('choose');
  };

  const check = async () => {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    try {
      setPreview(await previewImport(file, withImages));
      setStage('checked');
    } catch (error) {
      setRefusal(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    if (!file || !preview) return;
    const confirmed = await confirmAction({
      title: 'Import Deals',
      text: `Import ${count(preview.valid)} deal${preview.valid === 1 ? '' : 's'}${preview.invalid ? ` and skip ${count(preview.invalid)} row${preview.invalid === 1 ? '' : 's'} with problems` : ''}? You will own the imported deals.`,
      rightBtnText: 'Import',
      action: () => undefined,
    });
    if (!confirmed) return;
    setStage('importing');
    setProgress(null);
    try {
      await runImport(file, withImages, (event) => {
        if (event.type === 'progress') setProgress(event);
        else setOutcome(event);
      });
    } catch (error) {
      setOutcome({ type: 'failed', message: serverMessage(error) });
    }
    setStage('finished');
  };

  const current = stage === 'choose' ? 0 : stage === 'checked' ? 1 : 2;
  const percent = progress && progress.total ? Math.round((progress.done * 100) / progress.total) : 0;

  return (
    <>
      <PageHeader
        title="Import Deals"
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(DEALS_PATH)}>
              Back to deals
            </Button>
            <Button icon={<DownloadOutlined />} onClick={downloadImportTemplate}>
              Download template
            </Button>
          </>
        }
      >
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Add many deals at once from a CSV file, such as an affiliate feed export or a Download CSV of the deals table.
        </Typography.Paragraph>
      </PageHeader>
      <Steps className="deal-import__steps" size="small" current={current} items={[{ title: 'Choose file' }, { title: 'Check rows' }, { title: 'Import' }]} />

      {stage === 'choose' && (
        <Card>
          <Upload.Dragger
            accept=".csv,text/csv"
            maxCount={1}
            beforeUpload={(chosen) => {
              reset(chosen);
              return false;
            }}
            onRemove={() => reset(null)}
            fileList={file ? [{ uid: 'file', name: file.name, size: file.size, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Click or drag a CSV file here</p>
            <p className="ant-upload-hint">
              UTF-8, at most {DEAL_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and {count(DEAL_IMPORT_LIMITS.maxRows)} rows.
            </p>
          </Upload.Dragger>
          <Flex vertical gap={12} style={{ marginTop: 16 }}>
            <Checkbox checked={withImages} onChange={(event) => setWithImages(event.target.checked)}>
              Fetch each deal&apos;s image from its Image URL
            </Checkbox>
            <ColumnsHelp />
            {refusal && <Alert type="error" showIcon message="This file cannot be imported" description={refusal} />}
            <div>
              <Button type="primary" disabled={!file} loading={busy} onClick={check}>
                Check file
              </Button>
            </div>
          </Flex>
        </Card>
      )}

      {stage === 'checked' && preview && (
        <Card title={file?.name}>
          <Flex gap={32} wrap className="deal-import__stats">
            <Statistic title="Rows" value={preview.rows} />
            <Statistic title="Ready to import" value={preview.valid} valueStyle={{ color: '#237804' }} />
            <Statistic title="With problems" value={preview.invalid} valueStyle={preview.invalid ? { color: '#cf1322' } : undefined} />
            {withImages && <Statistic title="Images to fetch" value={preview.withImages} />}
          </Flex>
          <Flex vertical gap={8} style={{ margin: '16px 0' }}>
            {preview.unknownStores.length > 0 && (
              <Alert type="warning" showIcon message="Unknown stores (add them first, or fix the names)" description={preview.unknownStores.join(', ')} />
            )}
            {preview.unknownProductTypes.length > 0 && (
              <Alert type="warning" showIcon message="Unknown product categories (add them first, or fix the names)" description={preview.unknownProductTypes.join(', ')} />
            )}
            {preview.ignoredColumns.length > 0 && <Alert type="info" showIcon message={`Columns not imported: ${preview.ignoredColumns.join(', ')}`} />}
          </Flex>
          {preview.problems.length > 0 && <ProblemsTable problems={preview.problems} total={preview.invalid} />}
          <Flex gap={8} wrap style={{ marginTop: 16 }}>
            <Button type="primary" disabled={preview.valid === 0} onClick={start}>
              Import {count(preview.valid)} deal{preview.valid === 1 ? '' : 's'}
            </Button>
            <Button onClick={() => reset(null)}>Choose another file</Button>
          </Flex>
        </Card>
      )}

      {stage === 'importing' && (
        <Card>
          <Typography.Paragraph>{progressText(progress)}</Typography.Paragraph>
          <Progress percent={percent} status="active" aria-label="Import progress" />
          <Typography.Paragraph type="secondary">Keep this page open until the import finishes.</Typography.Paragraph>
        </Card>
      )}

      {stage === 'finished' && outcome && (
        <Card>
          {outcome.type === 'done' ? (
            <>
              <Result
                status={outcome.invalid ? 'warning' : 'success'}
                title={outcome.message}
                extra={[
                  <Button type="primary" key="view" onClick={() => navigate(IMPORTED_PATH)}>
                    View deals
                  </Button>,
                  <Button key="again" onClick={() => reset(null)}>
                    Import another file
                  </Button>,
                ]}
              />
              {outcome.problems.length > 0 && <ProblemsTable problems={outcome.problems} total={outcome.invalid} />}
            </>
          ) : (
            <Result
              status="error"
              title="Nothing was imported"
              subTitle={outcome.message}
              extra={
                <Button onClick={() => reset(null)}>Choose another file</Button>
              }
            />
          )}
        </Card>
      )}
    </>
  );
}
