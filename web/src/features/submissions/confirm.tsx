// A confirmation before something that cannot be undone (deleting submissions, an endpoint).
import { Dialog } from '../../components/dialog';

export function Confirm(props: {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      initialFocus=".cancel"
      dismiss={props.cancel}
      actions={
        <button
          type="button"
          className="button danger"
          onClick={() => {
            props.onClose();
            props.onConfirm();
          }}
        >
          {props.confirm}
        </button>
      }
    >
      <p>{props.text}</p>
    </Dialog>
  );
}
