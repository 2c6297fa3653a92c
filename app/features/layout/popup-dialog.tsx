import { type ReactNode, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { HOOK, mark } from '#app/lib/islands-contract.ts';

interface PopupFormProps {
  /** Where the link goes without JavaScript, and where the form submits. */
  action: string;
  field: string;
  title: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Builds the destination from the trimmed, non-blank value. */
  destination(value: string): string;
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName: string;
}

/**
 * A small pop-up with one field (search, track order). Without JavaScript the trigger is a link
 * to the page itself; with it, a native <dialog>. Blank input does nothing; submit trims, closes
 * and clears the field (the spec).
 */
export function PopupForm(props: PopupFormProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const inputId = useId();
  const dialogId = useId();

  function close() {
    if (input.current) input.current.value = '';
    dialog.current?.close();
  }

  return (
    <>
      <a
        href={props.action}
        aria-label={props.triggerLabel}
        aria-haspopup="dialog"
        aria-controls={dialogId}
        {...mark(HOOK.dialogTrigger)}
        className={props.triggerClassName}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
          input.current?.focus();
        }}
      >
        {props.trigger}
      </a>
      <dialog
        ref={dialog}
        id={dialogId}
        aria-labelledby={titleId}
        className="m-auto w-[min(92vw,28rem)] rounded-2xl bg-cream p-0 text-ink shadow-2xl"
        onClick={(event) => {
          if (event.target === dialog.current) close();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      >
        <form
          method="get"
          action={props.action}
          className="space-y-4 p-6"
          onSubmit={(event) => {
            event.preventDefault();
            const value = input.current?.value.trim() ?? '';
            if (!value) return;
            close();
            navigate(props.destination(value));
          }}
        >
          <h2 id={titleId} className="font-display text-xl font-semibold">
            {props.title}
          </h2>
          <div>
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-muted">
              {props.label}
            </label>
            <input
              ref={input}
              id={inputId}
              name={props.field}
              type="text"
              autoComplete="off"
              placeholder={props.placeholder}
              className="input"
              maxLength={200}
            />
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={close} {...mark(HOOK.dialogClose)}>
              Cancel
            </button>
            <button type="submit" className="btn-primary">
              {props.submitLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
