import { useEffect, useId, useRef, type ReactNode } from "react";
import { keepTabInside } from "./focus-trap";

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the <dialog> (size variants). */
  className?: string;
  /** role="alertdialog" for confirmations. */
  alert?: boolean;
  /** A line under the title that describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** Keep the content in the page while closed (a long form keeps what was typed and chosen). */
  keepContent?: boolean;
  /** Class names that replace the parts' own (a dialog with its own look). */
  classes?: Partial<Record<"body" | "head" | "title" | "description" | "close", string>>;
}

/**
 * An accessible modal dialog on the native <dialog> element: showModal() makes the rest of the
 * page inert, Tab stays inside, Escape closes it, focus returns to the control that opened it.
 */
export default function Modal({
  open,
  title,
  onClose,
  children,
  className,
  alert,
  description,
  keepContent,
  classes = {},
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // The marked control, else the first field, else the first button (not the close button).
      const first =
        dialog.querySelector<HTMLElement>("[data-autofocus]") ??
        dialog.querySelector<HTMLElement>("input:not([tabindex='-1']), select, textarea") ??
        dialog.querySelector<HTMLElement>(".modal__body button:not(.modal__close)");
      first?.focus();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ""}`}
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open && description ? descriptionId : undefined}
      role={alert ? "alertdialog" : undefined}
      aria-modal="true"
      onCancel={(e) => {
        // A file input's chooser, when dismissed, fires a "cancel" that bubbles up to here: only
        // the dialog's own (Escape) closes it.
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(e) => keepTabInside(e, ref.current)}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content box) closes it.
        if (e.target === ref.current) onCloseRef.current();
      }}
    >
      {(open || keepContent) && (
        <div className={classes.body ?? "modal__body"}>
          <div className={classes.head ?? "modal__head"}>
            <div>
              <h2 id={titleId} className={classes.title ?? "modal__title"}>
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className={classes.description ?? "modal__description"}>
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              className={classes.close ?? "modal__close"}
              onClick={() => onCloseRef.current()}
              aria-label="Close"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
