import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Row, Select, Statistic, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { COMMISSION_FORMAT_LABELS, COMMISSION_FORMATS, type CommissionFormat, type CommissionImportResult, type CommissionProblem } from '@deals/contract/commissions';
import { serverMessage } from '@deals/shared-auth';
import { importCommissions } from './api';

const FORMAT_OPTIONS = COMMISSION_FORMATS.map((format) => ({ value: format, label: COMMISSION_FORMAT_LABELS[format] }));

const PROBLEM_COLUMNS = [
  { title: 'Line', dataIndex: 'line', width: 80 },
  { title: 'Transaction ID', dataIndex: 'transactionId', width: 180 },
  { title: 'Click ref', dataIndex: 'clickRef', width: 240 },
  { title: 'Reason', dataIndex: 'reason' },
];

const count = (value: number) => value.toLocaleString('en-US');

function ImportResult({ result }: { result: CommissionImportResult }) {
  const figures = [
    ['Created', result.created],
    ['Updated', result.updated],
    ['Unchanged', result.unchanged],
    ['Unmatched', result.unmatched],
  ] as const;
  return (
    <section aria-label="Import result">
      <Alert type={result.unmatched > 0 ? 'warning' : 'success'} showIcon message={result.message} description={`${count(result.rows)} ${result.rows === 1 ? 'row' : 'rows'} read.`} style={{ marginBottom: 16 }} />
      <Row gutter={16}>
        {figures.map(([title, value]) => (
          <Col key={title} xs={12} md={6}>
            <Statistic title={title} value={count(value)} />
          </Col>
        ))}
      </Row>
      {result.problems.length > 0 && (
        <Table<CommissionProblem>
          style={{ marginTop: 16 }}
          aria-label="Rows not imported"
          title={() => (result.problems.length < result.unmatched ? `The first ${count(result.problems.length)} of ${count(result.unmatched)} rows not imported` : 'Rows not imported')}
          size="small"
          rowKey={(problem) => `${problem.line}-${problem.transactionId}`}
          columns={PROBLEM_COLUMNS}
          dataSource={result.problems}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
        />
      )}
    </section>
  );
}

/** Imports a network's transaction report: the counts of what changed and the rows that could not be matched. */
export function CommissionImport() {
  const [format, setFormat] = useState<CommissionFormat>('generic');
  const [file, setFile] = useState<File | null>(null);
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<CommissionImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setFailure(null);
  };

  const run = async () => {
    if (!file) return;
    setImporting(true);
    setFailure(null);
    try {
      setResult(await importCommissions(file, format));
    } catch (error) {
      setResult(null);
      setFailure(serverMessage(error));
    } finally {
      setImporting(false);
    }
  };

  return (
    <Card title="Import a commission report">
      <Form layout="vertical" component="div">
        <Row gutter={16} align="bottom">
          <Col xs={24} md={8}>
            <Form.Item label="Report format" htmlFor="commission-format">
              <Select id="commission-format" value={format} onChange={setFormat} options={FORMAT_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item label="Report file (CSV)">
              <Flex gap={12} wrap align="start">
                <Upload
                  accept=".csv,text/csv"
                  maxCount={1}
                  // Kept here and posted by Import: antd does not send it.
                  beforeUpload={(chosen) => {
                    choose(chosen);
                    return false;
                  }}
                  onRemove={() => choose(null)}
                  fileList={file ? [{ uid: 'report', name: file.name, size: file.size, status: 'done' }] : []}
                >
                  <Button icon={<UploadOutlined />}>Choose CSV file</Button>
                </Upload>
                <Button type="primary" disabled={!file} loading={importing} onClick={() => void run()}>
                  Import
                </Button>
              </Flex>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {failure && <Alert type="error" showIcon message="The report was not imported" description={failure} style={{ marginBottom: 16 }} />}
      {result && <ImportResult result={result} />}
    </Card>
  );
}
