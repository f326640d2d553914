import { useCallback, useRef, useState, type ReactNode } from "react";
import Modal from "./Modal";

export interface ConfirmRequest {
  /** The dialog's name, a question: "Delete the post?" */
  title: string;
  /** What will happen, naming whom and what. */
  body: ReactNode;
  /** The button that goes ahead: a verb ("Delete", "Change and e-mail"). */
  confirm: string;
  /** A change that cannot be undone: the button in the danger colour. */
  danger?: boolean;
}

/**
 * The dashboard's one way to ask before a destructive change: `await ask({...})` opens the site's
 * alert dialog and resolves true on the confirm button, false on Cancel, Escape or the backdrop.
 * Cancel has focus first, so a stray Enter changes nothing; render `dialog` once in the screen.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const ask = useCallback(
    (r: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setRequest(r);
      }),
    [],
  );

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setRequest(null);
  };

  const dialog = (
    <Modal open={request !== null} title={request?.title ?? ""} onClose={() => answer(false)} alert>
      {request && (
        <>
          <div className="modal__text">{request.body}</div>
          <div className="modal__actions">
            <button type="button" className="btn btn--ghost" onClick={() => answer(false)} data-autofocus>
              Cancel
            </button>
            <button
              type="button"
              className={request.danger === false ? "btn" : "btn btn--danger"}
              onClick={() => answer(true)}
            >
              {request.confirm}
            </button>
          </div>
        </>
      )}
    </Modal>
  );

  return { ask, dialog };
}
