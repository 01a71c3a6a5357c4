import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, Modal, Select } from 'antd';
import { toast, useGuardedClose } from '@deals/shared-auth';
import { COMPONENT_TYPES } from '@deals/contract/enums';
import { MESSAGES } from '@deals/contract/messages';
import type { ComponentOption, ComponentType } from './api';
import { COMPONENT_TYPE_LABELS, type DocumentKind } from './kind';

interface AddContentModalProps {
  kind: DocumentKind;
  /** The page or blog the component goes to. */
  ownerId: number;
  /** `added` when the caller should reload its content. */
  onClose: (added: boolean) => void;
}

const TYPE_OPTIONS = COMPONENT_TYPES.map((type) => ({ value: type, label: COMPONENT_TYPE_LABELS[type] }));

/**
 * The Add Content Section modal (spec 2 §2, §4, §5): a type (Banner or Content Section) and one
 * of the components of that type not yet on the page. Changing the type clears the component and
 * loads that type's choices. Add appends it; Create New opens a new component of the type, which
 * comes back here once saved.
 */
export function AddContentModal({ kind, ownerId, onClose }: AddContentModalProps) {
  const navigate = useNavigate();
  const typeId = useId();
  const componentId = useId();
  const [type, setType] = useState<ComponentType | null>(null);
  const [component, setComponent] = useState<number | null>(null);
  // The choices of the type they were loaded for; a different type means they are loading.
  const [options, setOptions] = useState<{ type: ComponentType; list: ComponentOption[] } | null>(null);
  const [adding, setAdding] = useState(false);
  // A component chosen but not added: closing asks first.
  const cancel = useGuardedClose(component !== null && !adding, () => onClose(false));

  useEffect(() => {
    if (!type) return undefined;
    let current = true;
    kind.api.componentOptions(ownerId, type).then(
      (list) => {
        if (current) setOptions({ type, list });
      },
      (error: unknown) => {
        if (!current) return;
        // Spec 2 §8: a failed load is an error.
        toast.failure(error, 'error');
        setOptions({ type, list: [] });
      },
    );
    return () => {
      current = false;
    };
  }, [kind, ownerId, type]);

  const loading = type !== null && options?.type !== type;
  const choices = type !== null && options?.type === type ? options.list : [];

  const changeType = (next: ComponentType) => {
    setType(next);
    setComponent(null);
  };

  const add = async () => {
    if (!type || component === null) {
      toast.warning(MESSAGES.component.typeAndComponentRequired);
      return;
    }
    setAdding(true);
    try {
      const { message } = await kind.api.assign(ownerId, type, component);
      toast.success(message);
      onClose(true);
    } catch (error) {
      toast.failure(error, 'warning');
      setAdding(false);
    }
  };

  const createNew = () => {
    if (!type) {
      toast.warning(MESSAGES.component.typeRequired);
      return;
    }
    void navigate(kind.createComponentPath(type, ownerId));
  };

  return (
    <Modal
      open
      title="Add Content Section"
      onCancel={cancel}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => onClose(false)} disabled={adding}>
          Cancel
        </Button>,
        <Button key="create" onClick={createNew} disabled={adding}>
          Create New
        </Button>,
        <Button key="add" type="primary" onClick={() => void add()} loading={adding}>
          Add
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Type" htmlFor={typeId} required>
          <Select<ComponentType> id={typeId} value={type ?? undefined} onChange={changeType} options={TYPE_OPTIONS} placeholder="Banner or Content Section" disabled={adding} />
        </Form.Item>
        <Form.Item label="Component" htmlFor={componentId} required>
          <Select<number>
            id={componentId}
            value={component ?? undefined}
            onChange={setComponent}
            options={choices}
            loading={loading}
            disabled={!type || adding}
            showSearch
            optionFilterProp="label"
            placeholder={type ? `Choose a ${COMPONENT_TYPE_LABELS[type].toLowerCase()}` : 'Choose a type first'}
            notFoundContent={loading ? 'Loading…' : `No ${type ? COMPONENT_TYPE_LABELS[type].toLowerCase() : 'component'} left to add. Use Create New.`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
