/**
 * The carousel area of a service page: the cards-with-images section and the approach section.
 * Above 768 px they sit side by side in one horizontal track, one in view, with previous/next
 * buttons that wrap around; at or below 768 px they are stacked (CSS). Each section is a Deck.
 */
import { useId, useRef, useState } from "react";
import "../styles/tones.css";
import { SIDE_BY_SIDE_QUERY, stepIndex } from "../shared/common/carousel";
import type { Service } from "../content/service-schema";
import Deck from "./Deck";
import { StepButton, useScrollToItem } from "./carousel";
import { useHydrated, useMedia } from "./hooks";

export interface ServiceCarouselsProps {
  offerings: Service["offerings"];
  approach: Service["approach"];
}

export default function ServiceCarousels({ offerings, approach }: ServiceCarouselsProps) {
  const ready = useHydrated();
  const sideBySide = useMedia(SIDE_BY_SIDE_QUERY) === true;
  const [panel, setPanel] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const id = useId();
  const titles = [offerings.title, approach.title];

  useScrollToItem(viewport, panel, sideBySide);

  const move = (step: number) => setPanel((p) => stepIndex(p, step, titles.length, true));
  const hidden = (i: number) => ready && sideBySide && i !== panel;

  return (
    <div className="areas" data-ready={ready ? "" : undefined} data-panel={panel}>
      <div className="areas__controls">
        <StepButton
          step={-1}
          className="areas__btn"
          controls={`${id}-viewport`}
          ready={ready}
          iconSize={22}
          onClick={() => move(-1)}
        >
          Previous section
        </StepButton>
        <p className="areas__status" aria-live="polite">
          <span className="visually-hidden">Showing </span>
          {titles[panel]}
          <span className="areas__count">
            {" "}
            ({panel + 1} of {titles.length})
          </span>
        </p>
        <StepButton
          step={1}
          className="areas__btn"
          controls={`${id}-viewport`}
          ready={ready}
          iconSize={22}
          onClick={() => move(1)}
        >
          Next section
        </StepButton>
      </div>
      <div className="areas__viewport" id={`${id}-viewport`} ref={viewport}>
        <div className="areas__panel" role="group" aria-labelledby={`${id}-h0`} inert={hidden(0)}>
          <h2 id={`${id}-h0`}>{offerings.title}</h2>
          <Deck
            label={offerings.title}
            items={offerings.items}
            itemName={(r) => r.title}
            renderItem={(r) => (
              <article className="img-card">
                <img
                  src={`/illustrations/${r.illustration}.svg`}
                  width={480}
                  height={320}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <div className="img-card__body">
                  <h3>{r.title}</h3>
                  <p>{r.text}</p>
                </div>
              </article>
            )}
          />
        </div>
        <div className="areas__panel" role="group" aria-labelledby={`${id}-h1`} inert={hidden(1)}>
          <h2 id={`${id}-h1`}>{approach.title}</h2>
          <Deck
            label={approach.title}
            items={approach.steps}
            itemName={(r) => r.title}
            columns={2}
            renderItem={(r) => (
              <article className={`tone-card tone--${r.tone}`}>
                <h3>{r.title}</h3>
                <p>{r.text}</p>
              </article>
            )}
          />
        </div>
      </div>
    </div>
  );
}
