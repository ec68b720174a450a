// The moves not made on the map, as small forms grouped by kind (moveGroups.ts): a company picker,
// the choice that tells that company's moves apart (par, count, source) and, for a free amount,
// the amount with its legal range in the title's currency. A choice selects one listed action;
// the screen's one submit button makes it.
import type { LegalAction } from "./api";
import { groupMoves, kindTitles, type MoveGroup } from "./moveGroups";

type Money = (amount: number | bigint) => string;

export function MoveForms(props: {
  legal: LegalAction[];
  indices: number[];
  selected?: number;
  money: Money;
  onSelect: (index: number) => void;
}) {
  const groups = groupMoves(props.legal, props.indices, props.money);
  if (groups.length === 0) return null;
  return (
    <div class="mr-forms" data-testid="move-forms">
      {groups.map((g) => <GroupForm key={g.kind} group={g} {...props} />)}
    </div>
  );
}

function GroupForm({ group, selected, onSelect }: { group: MoveGroup; selected?: number; onSelect: (index: number) => void }) {
  const chosen = group.options.find((o) => o.index === selected);
  const company = chosen?.company ?? (group.companies.length === 1 ? group.companies[0] : undefined);
  const ofCompany = company === undefined ? [] : group.options.filter((o) => o.company === company);
  const id = `form-${group.kind}`;
  // Pass and the like: one button each. A move per company with nothing else to choose: the
  // company buttons alone.
  const buttonsOnly = group.kind === "pass" || group.kind === "other";
  return (
    <fieldset class="mr-form" data-testid={id}>
      <legend>{kindTitles[group.kind]}</legend>
      {buttonsOnly ? (
        <div class="mr-chips">
          {group.options.map((o) => (
            <button type="button" key={o.index} class={o.index === selected ? "mr-chosen" : ""} aria-pressed={o.index === selected}
                    data-testid={`${id}-option`} data-index={o.index} onClick={() => onSelect(o.index)}>{o.variant}</button>
          ))}
        </div>
      ) : (
        <>
          {group.companies.length > 1 && (
            <div class="mr-chips" role="group" aria-label="company">
              {group.companies.map((c) => (
                <button type="button" key={c} class={c === company ? "mr-chosen" : ""} aria-pressed={c === company}
                        data-testid={`${id}-company-${c}`}
                        onClick={() => onSelect(group.options.find((o) => o.company === c)!.index)}>{c || "—"}</button>
              ))}
            </div>
          )}
          {company !== undefined && ofCompany.length > 1 && (
            <label class="mr-form-row">
              {company ? `${company}: ` : ""}
              <select data-testid={`${id}-variant`} value={chosen ? String(chosen.index) : ""}
                      onChange={(e) => onSelect(Number((e.target as HTMLSelectElement).value))}>
                {!chosen && <option value="">choose…</option>}
                {ofCompany.map((o) => <option key={o.index} value={String(o.index)}>{o.variant}</option>)}
              </select>
            </label>
          )}
          {company !== undefined && ofCompany.length === 1 && (
            <button type="button" class={`mr-chip-wide${chosen ? " mr-chosen" : ""}`} aria-pressed={!!chosen} data-testid={`${id}-option`}
                    data-index={ofCompany[0].index} onClick={() => onSelect(ofCompany[0].index)}>{company ? `${company}: ` : ""}{ofCompany[0].variant}</button>
          )}
        </>
      )}
    </fieldset>
  );
}
