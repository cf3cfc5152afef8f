/** A link to a job page: its code, then its label, marked with the label's language when it is not the page's (the French fallback). */
import { Link } from "react-router";
import type { JobCard } from "#core/views.ts";

export function JobLink({ job, pageLanguage }: { job: JobCard; pageLanguage: string }) {
  return (
    <Link to={job.path}>
      <span className="code">{job.code}</span>{" "}
      <span lang={job.labelLang === pageLanguage ? undefined : job.labelLang}>{job.label}</span>
    </Link>
  );
}
