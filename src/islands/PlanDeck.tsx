/** The three plan cards of /service (SPEC section 9): no prices, every plan leads to sales. */
import type { PlanCard, PlanItem } from "../content/types";
import { ICONS } from "../shared/common/icons";
import Deck from "./Deck";

function Item({ item, plan }: { item: PlanItem; plan: string }) {
  switch (item.type) {
    case "mark":
      return (
        <li className="plan__item plan__item--mark">
          <mark>{item.text}</mark>
        </li>
      );
    case "paragraph":
      return (
        <li className="plan__item plan__item--para">
          <p>{item.text}</p>
        </li>
      );
    case "link":
      return (
        <li className="plan__item plan__item--link">
          <a className="btn" href={item.href}>
            {item.text}
            <span className="visually-hidden"> about the {plan}</span>
          </a>
        </li>
      );
    default:
      return <li className="plan__item">{item.text}</li>;
  }
}

export default function PlanDeck({ plans, label }: { plans: PlanCard[]; label: string }) {
  return (
    <Deck
      label={label}
      items={plans}
      itemName={(p) => p.name}
      className="deck--plans"
      renderItem={(p) => (
        <article className={p.badge ? "plan plan--featured" : "plan"}>
          {p.badge && <p className="plan__badge">{p.badge}</p>}
          <h3>{p.name}</h3>
          <p className="plan__summary">{p.summary}</p>
          <ul className="plan__items">
            {p.items.map((item, i) => (
              <Item key={i} item={item} plan={p.name} />
            ))}
          </ul>
          <ul className="plan__features">
            {p.features.map((f) => (
              <li key={f.caption}>
                <figure>
                  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                    <path
                      d={ICONS[f.icon]}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  <figcaption>{f.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </article>
      )}
    />
  );
}
