// Shows a refusal: the service's message and, when it cites one, the rule.
import { refusalOf } from "../api/refusal";

export function RefusalNote({ error }: { error: unknown }) {
  if (!error) return null;
  const refusal = refusalOf(error);
  return (
    <p class="refusal" role="alert" data-test="refusal">
      {refusal.message}
      {refusal.rule && !refusal.message.startsWith(refusal.rule) ? <span class="rule"> (rule {refusal.rule})</span> : null}
    </p>
  );
}
