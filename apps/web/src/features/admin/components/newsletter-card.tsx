import { Download } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { NEWSLETTER_CSV_URL, useNewsletterSubscribers } from "../api/get-newsletter-subscribers";
import { formatMoment } from "@/lib/dates";

/** Newsletter subscribers with their consent time, and a CSV export. */
export function NewsletterCard() {
  const { data, error } = useNewsletterSubscribers();
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Newsletter subscribers{data ? ` (${data.length})` : ""}</CardTitle>
        {data && data.length > 0 && (
          <a href={NEWSLETTER_CSV_URL} download className={buttonClass("secondary", "sm")}>
            <Download size={16} aria-hidden /> Export CSV
          </a>
        )}
      </div>
      {error && <Alert tone="danger">{errorMessage(error)}</Alert>}
      {data && data.length === 0 && (
        <p className="mt-2 text-sm text-stone-700">No subscribers yet.</p>
      )}
      {data && data.length > 0 && (
        <ul className="mt-2 max-h-64 divide-y divide-stone-200 overflow-y-auto">
          {data.map((s) => (
            <li key={s.email} className="flex flex-wrap justify-between gap-2 py-1.5 text-sm">
              <span className="break-all text-stone-900">{s.email}</span>
              <time dateTime={s.subscribedAt} className="text-stone-600">
                {formatMoment(s.subscribedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
