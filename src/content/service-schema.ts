/**
 * A service page's content (src/content/services/<route>.yaml, the `services` collection of
 * src/content.config.ts): one file per route of SPEC section 2, named after the route without its
 * slash, so the file /microservice-development is microservice-development.yaml. The same sections
 * on every page: a hero with its introduction, what we run (illustrated cards), the approach
 * (coloured steps), benefits, features, and why clients trust us.
 */
import * as z from "zod";
import "../shared/common/zod-config";
import { ICONS, type IconName } from "../shared/common/icons";
import { ILLUSTRATIONS, TONES } from "./types";

const text = z.string().min(1);
const illustration = z.enum(ILLUSTRATIONS);
const icon = z.enum(Object.keys(ICONS) as [IconName, ...IconName[]]);
/** A card on a colour tone: the approach's steps and the features. */
const toneItem = z.strictObject({ title: text, text, tone: z.enum(TONES) });

export const serviceSchema = z.strictObject({
  /** Short name used in cards, the footer and the case studies' links. */
  name: text,
  seo: z.strictObject({ title: text, description: text }),
  hero: z.strictObject({
    title: text,
    tagline: text,
    /** The heading beside the drawing ("Introduction"). */
    introHeading: text,
    /** The introduction's paragraphs. */
    intro: z.array(text).min(1),
    cta: z.enum(["Get Started", "Contact Us"]),
    illustration,
    illustrationAlt: text,
  }),
  /** What we run for you: illustrated cards (the first carousel). */
  offerings: z.strictObject({
    title: text,
    items: z.array(z.strictObject({ illustration, title: text, text })).min(1),
  }),
  /** How we work: numbered steps (the second carousel). */
  approach: z.strictObject({ title: text, steps: z.array(toneItem).min(1) }),
  /** 'Name: explanation' lines. */
  benefits: z.array(text).min(1),
  features: z.strictObject({ title: text, items: z.array(toneItem).min(1) }),
  trust: z.strictObject({
    title: text,
    subtitle: text,
    statement: z.strictObject({ title: text, text, more: text, illustration }),
    reasons: z.strictObject({
      title: text,
      items: z.array(z.strictObject({ icon, title: text, text })).min(1),
    }),
  }),
});

export type Service = z.infer<typeof serviceSchema>;
export type ToneItem = z.infer<typeof toneItem>;
/** A service page as the templates read it: its content and its route. */
export type ServicePage = Service & { route: string };
