import { useId, type KeyboardEvent } from 'react';
import { LIMITS } from '@deals/contract/limits';
import { useSiteInfo } from '../../lib/siteInfo';
import { addStore, addWord, type FieldErrors, type FieldName, type FollowChoice } from './rules';
import { EMAIL_ALERT_LIMITS } from './texts';

export interface FollowsEditorProps {
  choice: FollowChoice;
  onChange: (choice: FollowChoice) => void;
  /** The word being typed: the form adds it on submit too, so a word typed without Add is not lost. */
  typed: string;
  onTyped: (text: string) => void;
  errors: FieldErrors;
  /** Sets (or with null clears) the message of one field. */
  onError: (field: FieldName, message: string | null) => void;
  disabled?: boolean;
}

/**
 * What an email subscription follows: the chosen words and stores as removable chips, a field that
 * adds a word (Enter, comma or Add) and a select that adds a store. The stores are the site info's,
 * as the deals list's filters offer them.
 */
export function FollowsEditor({ choice, onChange, typed, onTyped, errors, onError, disabled = false }: FollowsEditorProps) {
  const id = useId();
  const info = useSiteInfo();
  const options = (info?.stores ?? []).filter((store) => !choice.stores.some((chosen) => chosen.id === store.id));

  const change = (next: FollowChoice) => {
    onError('follows', null);
    onError('words', null);
    onError('storeIds', null);
    onChange(next);
  };

  const commitWord = () => {
    const added = addWord(choice, typed);
    if (added.problem !== null) return onError(added.field, added.problem);
    onTyped('');
    change(added.choice);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // An empty field leaves Enter to the form: it submits.
    if ((event.key === 'Enter' || event.key === ',') && typed.trim()) {
      event.preventDefault();
      commitWord();
    }
  };

  const pickStore = (value: string) => {
    const store = info?.stores.find((option) => String(option.id) === value);
    if (!store) return;
    const added = addStore(choice, { id: store.id, name: store.name });
    if (added.problem !== null) return onError(added.field, added.problem);
    change(added.choice);
  };

  const total = choice.words.length + choice.stores.length;
  const described = (field: FieldName) => (errors[field] ? `${id}${field}` : undefined);
  return (
    <fieldset className="ea-follows" disabled={disabled} aria-describedby={described('follows')}>
      <legend className="ea-legend">What to follow</legend>
      {total > 0 ? (
        <ul className="ea-chips" aria-label="Followed words and stores">
          {choice.words.map((word) => (
            <li key={`w:${word}`} className="ea-chip">
              <span className="ea-chip__label">{word}</span>
              <button type="button" className="ea-chip__remove" aria-label={`Remove “${word}”`} onClick={() => change({ ...choice, words: choice.words.filter((w) => w !== word) })}>
                ×
              </button>
            </li>
          ))}
          {choice.stores.map((store) => (
            <li key={`s:${store.id}`} className="ea-chip ea-chip--store">
              <span className="ea-chip__label">
                {store.name} <small>store</small>
              </span>
              <button
                type="button"
                className="ea-chip__remove"
                aria-label={`Remove ${store.name}`}
                onClick={() => change({ ...choice, stores: choice.stores.filter((s) => s.id !== store.id) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ea-note">Nothing yet: add a word, a store or both.</p>
      )}
      <div className="ea-follows__adders">
        <div className="ea-field">
          <label className="ea-label" htmlFor={`${id}word`}>
            Add a word
          </label>
          <div className="ea-follows__row">
            <input
              id={`${id}word`}
              className="input"
              placeholder="e.g. airpods"
              autoComplete="off"
              enterKeyHint="enter"
              maxLength={LIMITS.dealFollow.wordInput}
              value={typed}
              aria-invalid={errors.words ? true : undefined}
              aria-describedby={described('words')}
              onChange={(event) => {
                onTyped(event.target.value);
                onError('words', null);
              }}
              onKeyDown={keyDown}
            />
            <button type="button" className="btn btn--ghost ea-follows__add" disabled={!typed.trim()} onClick={commitWord}>
              Add
            </button>
          </div>
          {errors.words && (
            <p id={`${id}words`} className="ea-error" role="alert">
              {errors.words}
            </p>
          )}
        </div>
        <div className="ea-field">
          <label className="ea-label" htmlFor={`${id}store`}>
            Add a store
          </label>
          <select
            id={`${id}store`}
            className="input"
            value=""
            aria-invalid={errors.storeIds ? true : undefined}
            aria-describedby={described('storeIds')}
            onChange={(event) => pickStore(event.target.value)}
          >
            <option value="">{info === undefined ? 'Loading stores…' : 'Choose a store…'}</option>
            {options.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
          {errors.storeIds && (
            <p id={`${id}storeIds`} className="ea-error" role="alert">
              {errors.storeIds}
            </p>
          )}
        </div>
      </div>
      {errors.follows && (
        <p id={`${id}follows`} className="ea-error" role="alert">
          {errors.follows}
        </p>
      )}
      <p className="ea-note">
        {total} of {EMAIL_ALERT_LIMITS.follows}: new deals whose name contains one of the words, or from one of the stores.
      </p>
    </fieldset>
  );
}
