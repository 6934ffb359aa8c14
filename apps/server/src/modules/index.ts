import type { Module } from "./module";
import { healthRoutes } from "./health/health.routes";
import { trackClickRoutes } from "./track-click/track-click.routes";
import { weatherRoutes } from "./weather/weather.routes";
import { vaccinationRoutes } from "./vaccinations/vaccinations.routes";
import { imagesRoutes } from "./images/images.routes";
import { chickensRoutes } from "./chickens/chickens.routes";
import { eggRecordsRoutes } from "./egg-records/egg-records.routes";
import { hatchRecordsRoutes } from "./hatch-records/hatch-records.routes";
import { adminRoutes } from "./admin/admin.routes";
import { advertisementRoutes } from "./advertisements/advertisements.routes";
import { affiliateRoutes } from "./affiliates/affiliates.routes";
import { statsRoutes } from "./stats/stats.routes";
import { newsletterRoutes } from "./newsletter/newsletter.routes";
import { seoRoutes } from "./seo/seo.routes";
import { accountRoutes } from "./account/account.routes";
import { foodItemsRoutes } from "./food-items/food-items.routes";
import { healthConditionsRoutes } from "./health-conditions/health-conditions.routes";
import { breedsRoutes } from "./breeds/breeds.routes";
import { recentSearchesRoutes } from "./recent-searches/recent-searches.routes";
import { analysesRoutes } from "./analyses/analyses.routes";
import { breedIdRoutes } from "./breed-id/breed-id.routes";
import { feedRecordsRoutes } from "./feed-records/feed-records.routes";
import { weightRecordsRoutes } from "./weight-records/weight-records.routes";
import { environmentalRecordsRoutes } from "./environmental-records/environmental-records.routes";
import { productionRoutes } from "./production/production.routes";
import { diseaseAlertsRoutes } from "./disease-alerts/disease-alerts.routes";
import { healthPredictionsRoutes } from "./health-predictions/health-predictions.routes";
import { authRoutes } from "./auth/auth.routes";
import { farmsRoutes } from "./farms/farms.routes";
import { flocksRoutes } from "./flocks/flocks.routes";
import { eggCollectionsRoutes } from "./egg-collections/egg-collections.routes";
import { treatmentsRoutes } from "./treatments/treatments.routes";
import { moneyRoutes } from "./money/money.routes";
import { tasksRoutes } from "./tasks/tasks.routes";
import { calendarRoutes } from "./tasks/calendar.routes";
import { pushRoutes } from "./push/push.routes";
import { emailDigestRoutes } from "./email/email-digest.routes";
import { medicationsRoutes } from "./medications/medications.routes";

/** Every feature module's routes. One line per area; order does not matter. */
export const modules: Module[] = [
  healthRoutes,
  flocksRoutes,
  eggCollectionsRoutes,
  trackClickRoutes,
  weatherRoutes,
  imagesRoutes,
  chickensRoutes,
  eggRecordsRoutes,
  hatchRecordsRoutes,
  adminRoutes,
  advertisementRoutes,
  affiliateRoutes,
  vaccinationRoutes,
  statsRoutes,
  newsletterRoutes,
  seoRoutes,
  accountRoutes,
  foodItemsRoutes,
  healthConditionsRoutes,
  breedsRoutes,
  recentSearchesRoutes,
  analysesRoutes,
  breedIdRoutes,
  feedRecordsRoutes,
  weightRecordsRoutes,
  environmentalRecordsRoutes,
  productionRoutes,
  authRoutes,
  diseaseAlertsRoutes,
  healthPredictionsRoutes,
  farmsRoutes,
  treatmentsRoutes,
  moneyRoutes,
  tasksRoutes,
  calendarRoutes,
  pushRoutes,
  emailDigestRoutes,
  medicationsRoutes,
];
