import { skillList, yearsText } from "../../shared/careers/careers-common";
import { type PublicJob } from "../../shared/careers/api";

interface Props {
  job: Pick<PublicJob, "required_experience" | "skills">;
  /** Facts only the opening's own page gives. */
  more?: { location: string; posted: Date };
  className?: string;
  skillsClass?: string;
}

/**
 * An opening's facts: required experience and skills, and on its own page also where, how and
 * since when. The careers list and the opening's page both show them (the page renders it on the
 * server only, without JavaScript).
 */
export default function JobFacts({ job, more, className, skillsClass }: Props) {
  const skills = skillList(job.skills);
  return (
    <dl className={className}>
      <div>
        <dt>Required experience</dt>
        <dd>{yearsText(job.required_experience)}</dd>
      </div>
      {skills.length > 0 && (
        <div>
          <dt>Skills</dt>
          <dd>
            <ul className={skillsClass}>
              {skills.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      {more && (
        <>
          <div>
            <dt>Location</dt>
            <dd>{more.location}</dd>
          </div>
          <div>
            <dt>Employment</dt>
            <dd>Full time</dd>
          </div>
          <div>
            <dt>Posted</dt>
            <dd>
              <time dateTime={more.posted.toISOString().slice(0, 10)}>
                {more.posted.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}
              </time>
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}
