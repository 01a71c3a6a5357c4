import { useAtomValue } from 'jotai';
import { Button, Modal, Table, Typography } from 'antd';
// Through the package name: the dialog's state lives in the one shared-auth singleton.
import { chooseEditConflict, closeConflictDialog, conflictDialogAtom, conflictSentence, sessionStore, type ConflictRow } from '@deals/shared-auth';

/**
 * The edit-conflict dialog: who changed the record and when, then either the comparison of the
 * user's unsaved values with the latest ones (the form shows the latest; each value can be put
 * back) or a deliberate overwrite.
 */
export function ConflictDialog() {
  const dialog = useAtomValue(conflictDialogAtom, { store: sessionStore });
  if (!dialog.open) return null;
  const sentence = conflictSentence(dialog);
  if (dialog.step === 'choose') {
    return (
      <Modal
        open
        title="This record was changed"
        onCancel={() => chooseEditConflict('cancel')}
        maskClosable={false}
        footer={[
          <Button key="cancel" onClick={() => chooseEditConflict('cancel')}>
            Cancel
          </Button>,
          <Button key="overwrite" danger onClick={() => chooseEditConflict('overwrite')}>
            Overwrite
          </Button>,
          ...(dialog.canCompare
            ? [
                <Button key="compare" type="primary" onClick={() => chooseEditConflict('compare')}>
                  Reload and compare
                </Button>,
              ]
            : []),
        ]}
      >
        <p role="alert">{sentence} Your changes were not saved.</p>
        <p>
          {dialog.canCompare
            ? 'Reload and compare shows the latest version next to your unsaved values, so you can put yours back. Overwrite saves your version over theirs.'
            : 'Overwrite saves your version over theirs; Cancel keeps your values in the form without saving.'}
        </p>
      </Modal>
    );
  }
  const useAll = () => {
    for (const row of dialog.rows) row.useMine();
    closeConflictDialog();
  };
  return (
    <Modal
      open
      title="Your changes and the latest version"
      onCancel={closeConflictDialog}
      width={760}
      footer={[
        <Button key="all" onClick={useAll} disabled={dialog.rows.length === 0}>
          Put back all my values
        </Button>,
        <Button key="close" type="primary" onClick={closeConflictDialog}>
          Done
        </Button>,
      ]}
    >
      <p>{sentence} The form now shows the latest version; nothing of yours is lost: put back any of your values below, then save.</p>
      {dialog.rows.length === 0 ? (
        <Typography.Text type="secondary">Your values and the latest version are the same.</Typography.Text>
      ) : (
        <Table<ConflictRow>
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={dialog.rows}
          aria-label="Your unsaved values and the latest version"
          columns={[
            { title: 'Field', dataIndex: 'label', width: 160 },
            { title: 'Your unsaved value', dataIndex: 'mine', render: (text: string) => <span className="deals-conflict-mine">{text}</span> },
            { title: 'Latest version', dataIndex: 'latest', render: (text: string) => <span className="deals-conflict-latest">{text}</span> },
            {
              title: '',
              key: 'use',
              width: 110,
              render: (_: unknown, row) => (
                <Button size="small" onClick={row.useMine} aria-label={`Use my ${row.label}`}>
                  Use mine
                </Button>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
