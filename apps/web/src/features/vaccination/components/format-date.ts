import { formatDay } from "@/lib/dates";

/** 'YYYY-MM-DD' as a readable date in the keeper's locale ("10 Mar 2025"), from the shared formatter. */
export const formatDate = (iso: string): string => formatDay(iso, "short");
