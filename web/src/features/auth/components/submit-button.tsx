import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A submit button that says it is busy while the form is sending. */
export function SubmitButton({ pending, children, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button type="submit" aria-disabled={pending || undefined} {...props} onClick={pending ? (e) => e.preventDefault() : props.onClick}>
      {pending ? <Spinner label="Working" /> : null}
      {children}
    </Button>
  );
}
