import { z } from "zod";
import { isHttpUrl, LINK_MESSAGE } from "../domain/links";

export { isHttpUrl, LINK_MESSAGE };

/** Categories an admin files an advertisement under (spec: Advertisement (admin)). */
export const AD_CATEGORIES = [
  "feed",
  "equipment",
  "health",
  "housing",
  "services",
  "other",
] as const;
export type AdCategory = (typeof AD_CATEGORIES)[number];

/** Human labels for the admin categories, for selects and badges. */
export const AD_CATEGORY_LABELS: Record<AdCategory, string> = {
  feed: "Feed",
  equipment: "Equipment",
  health: "Health",
  housing: "Housing",
  services: "Services",
  other: "Other",
};

/**
 * The display categories pages ask for (spec: food safety 'Feed & Supplements', health pages
 * 'Health Products') and the admin categories each one shows.
 */
export const AD_DISPLAY_CATEGORIES = {
  "Feed & Supplements": ["feed"],
  "Health Products": ["health"],
  "Equipment & Supplies": ["equipment"],
  "Coops & Housing": ["housing"],
  Services: ["services"],
} as const satisfies Record<string, readonly AdCategory[]>;
export type AdDisplayCategory = keyof typeof AD_DISPLAY_CATEGORIES;

/**
 * Maps a page's category (a display category such as 'Feed & Supplements' or an admin category
 * such as 'feed') to the admin categories it shows; null when the category is unknown.
 */
export function adCategoriesFor(category: string): AdCategory[] | null {
  const trimmed = category.trim();
  if ((AD_CATEGORIES as readonly string[]).includes(trimmed)) return [trimmed as AdCategory];
  // Own keys only: "constructor" or "toString" must not find Object.prototype's members.
  if (!Object.hasOwn(AD_DISPLAY_CATEGORIES, trimmed)) return null;
  const display = (AD_DISPLAY_CATEGORIES as Record<string, readonly AdCategory[]>)[trimmed];
  return display ? [...display] : null;
}

/** An image the app itself serves (uploaded through the images module). */
const LOCAL_IMAGE_RE = /^\/api\/images\/[A-Za-z0-9_-]{8,128}(\.[a-z0-9]{2,5})?$/;

/** True for an ad image source: an https URL, or an image uploaded to this app. */
export function isAdImageUrl(value: string): boolean {
  return LOCAL_IMAGE_RE.test(value) || (isHttpUrl(value) && value.startsWith("https://"));
}

export const IMAGE_URL_MESSAGE = "Image must be an https:// address or an uploaded image";

/** Optional text: blank or null clears it (null), undefined leaves it unchanged on PATCH. */
const optionalField = (inner: z.ZodType<string>) =>
  z.union([z.literal("").transform(() => null), z.null(), inner]).optional();

const linkField = z.string().trim().max(2000, "Link is too long").refine(isHttpUrl, LINK_MESSAGE);
const imageField = z
  .string()
  .trim()
  .max(2000, "Image address is too long")
  .refine(isAdImageUrl, IMAGE_URL_MESSAGE);

/** isActive travels as 1 (shown) or 0 (hidden), as the prototype's clients send it. */
export const activeFlag = z.union([z.literal(0), z.literal(1)], {
  error: "isActive must be 1 or 0",
});

const adFields = {
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(120, "Title must be at most 120 characters"),
  description: z
    .string({ error: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(2000, "Description must be at most 2000 characters"),
  price: optionalField(z.string().trim().max(60, "Price must be at most 60 characters")),
  category: z.enum(AD_CATEGORIES, { error: "Please select a category" }),
  contactInfo: optionalField(
    z.string().trim().max(500, "Contact info must be at most 500 characters"),
  ),
  imageUrl: optionalField(imageField),
  link: optionalField(linkField),
  isActive: activeFlag.optional(),
};

/** `POST /api/admin/advertisements`. */
export const createAdvertisementBody = z.object(adFields).strict();
export type CreateAdvertisementBody = z.input<typeof createAdvertisementBody>;
export type CreateAdvertisementData = z.output<typeof createAdvertisementBody>;

/** `PATCH /api/admin/advertisements/{id}`: isActive alone (Hide/Show) or any of the fields. */
export const updateAdvertisementBody = z
  .object(adFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "Nothing to update");
export type UpdateAdvertisementBody = z.input<typeof updateAdvertisementBody>;
export type UpdateAdvertisementData = z.output<typeof updateAdvertisementBody>;

/** `GET /api/advertisements?category=`: an admin category or a page's display category. */
export const advertisementListQuery = z.object({
  category: z
    .string()
    .max(60)
    .refine((c) => adCategoriesFor(c) !== null, "Unknown category")
    .optional(),
});

/** What any visitor may see of an advertisement. */
export const publicAdvertisement = z.object({
  id: z.uuid(),
  title: z.string(),
  category: z.enum(AD_CATEGORIES),
  description: z.string(),
  imageUrl: z.string().nullable(),
  price: z.string().nullable(),
  link: z.string().nullable(),
});
export type PublicAdvertisement = z.infer<typeof publicAdvertisement>;
export const publicAdvertisementList = z.array(publicAdvertisement);

/** The full record an admin manages. */
export const adminAdvertisement = publicAdvertisement.extend({
  contactInfo: z.string().nullable(),
  isActive: activeFlag,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAdvertisement = z.infer<typeof adminAdvertisement>;
export const adminAdvertisementList = z.array(adminAdvertisement);
