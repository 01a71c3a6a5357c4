import { useAtomValue } from 'jotai';
import { Alert, Modal } from 'antd';
// Through the package name, not a relative path: this subpath is bundled into each consumer,
// while the atoms must come from the one shared-auth singleton every remote writes to.
import { cancelConfirm, confirmModalAtom, hideToast, runConfirmedAction, sessionStore, toastAtom } from '@deals/shared-auth';
import { ConflictDialog } from './ConflictDialog';
import './feedback.css';

/** Draws the toast and the confirm modal that `toast.*` and `confirmAction` control. */
export function FeedbackHost() {
  const toast = useAtomValue(toastAtom, { store: sessionStore });
  const modal = useAtomValue(confirmModalAtom, { store: sessionStore });
  return (
    <>
      {toast.visible && (
        <div className="deals-toast" key={toast.id}>
          <Alert type={toast.state} message={toast.text} showIcon closable onClose={() => hideToast(toast.id)} role={toast.state === 'error' || toast.state === 'warning' ? 'alert' : 'status'} />
        </div>
      )}
      <Modal
        open={modal.open}
        title={modal.title}
        okText={modal.rightBtnText}
        okButtonProps={{ danger: true, loading: modal.isProcessing }}
        cancelButtonProps={{ disabled: modal.isProcessing }}
        closable={!modal.isProcessing}
        maskClosable={!modal.isProcessing}
        onOk={() => void runConfirmedAction()}
        onCancel={cancelConfirm}
        destroyOnHidden
      >
        <p>{modal.text}</p>
      </Modal>
      <ConflictDialog />
    </>
  );
}
