// Assembles the route files (one per route name of the spec) into the tree.
import { accountAssistancesListRoute } from './account.assistances.list.tsx';
import { accountCoworkersListRoute } from './account.coworkers.list.tsx';
import { appIndexRoute, appRoute } from './app.tsx';
import { assistancesListRoute } from './assistances.list.tsx';
import { assistancesShowRoute } from './assistances.show.tsx';
import { authorizedRoute } from './authorized.tsx';
import { changelogRoute, publicChangelogRoute } from './changelog.tsx';
import { compilationsListRoute } from './compilations.list.tsx';
import { compilationsShowRoute } from './compilations.show.tsx';
import { dashboardRoute } from './dashboard.tsx';
import { emailRoute } from './email.tsx';
import { experimentsCreateRoute } from './experiments.create.tsx';
import { experimentsListRoute } from './experiments.list.tsx';
import { experimentsShowRoute } from './experiments.show.tsx';
import { experimentsIndexRoute, experimentsRoute } from './experiments-section.tsx';
import { feedbackRoute, publicFeedbackRoute } from './feedback.tsx';
import { invitationRoute } from './invitation.tsx';
import { landingRoute } from './landing.tsx';
import { loginRoute } from './login.tsx';
import { onboardingCompleteShowRoute } from './onboarding.complete.show.tsx';
import { onboardingConfirmShowRoute } from './onboarding.confirm.show.tsx';
import { onboardingCreateShowRoute } from './onboarding.create.show.tsx';
import { onboardingProfileShowRoute } from './onboarding.profile.show.tsx';
import { onboardingShowIndexRoute, onboardingShowRoute } from './onboarding.show.tsx';
import {
  novaAdvicesRoute,
  novaAuditRoute,
  novaChangelogRoute,
  novaCodesRoute,
  novaCompilationsRoute,
  novaFeedbackRoute,
  novaIndexRoute,
  novaPodcastsRoute,
  novaPracticesEditRoute,
  novaPracticesRoute,
  novaRoadmapRoute,
  novaRoute,
  novaUsersRoute,
  novaUsersShowRoute,
} from './nova.tsx';
import { passwordForgotRoute } from './password.forgot.tsx';
import { passwordResetRoute } from './password.reset.tsx';
import { podcastRequiredRoute } from './podcast-required.tsx';
import { podcastAudienceRoute } from './podcast.audience.tsx';
import { podcastCoworkersListRoute } from './podcast.coworkers.list.tsx';
import { podcastDeleteRoute } from './podcast.delete.tsx';
import { podcastFeedCheckRoute } from './podcast.feed-check.tsx';
import { podcastEditContractRoute } from './podcast.edit.contract.tsx';
import { podcastEditCoworkersRoute } from './podcast.edit.coworkers.tsx';
import { podcastEditGeneralRoute } from './podcast.edit.general.tsx';
import { podcastEditMetricsRoute } from './podcast.edit.metrics.tsx';
import { podcastEditMilestonesRoute } from './podcast.edit.milestones.tsx';
import { podcastEditObjectiveRoute } from './podcast.edit.objective.tsx';
import { podcastEditStageRoute } from './podcast.edit.stage.tsx';
import { podcastEditStrategyRoute } from './podcast.edit.strategy.tsx';
import { podcastEditIndexRoute, podcastEditRoute } from './podcast.edit.tsx';
import { podcastShowRoute } from './podcast.show.tsx';
import { podcastsConversionRoute } from './podcasts.conversion.tsx';
import { podcastsImportRoute } from './podcasts.import.tsx';
import { podcastsInviteRoute } from './podcasts.invite.tsx';
import { practicesListRoute } from './practices.list.tsx';
import { practicesShowActionsRoute } from './practices.show.actions.tsx';
import { practicesShowContentRoute } from './practices.show.content.tsx';
import { practicesShowContextRoute } from './practices.show.context.tsx';
import { practicesShowExperimentsRoute } from './practices.show.experiments.tsx';
import { practicesShowOverviewRoute } from './practices.show.overview.tsx';
import { practicesShowRatingRoute } from './practices.show.rating.tsx';
import { practicesShowIndexRoute, practicesShowRoute } from './practices.show.tsx';
import { practicesIndexRoute, practicesRoute } from './practices.tsx';
import { privacyRoute } from './privacy.tsx';
import { newsletterConfirmRoute, projectRoute, publicProjectRoute } from './project.tsx';
import { profileRoute } from './profile.tsx';
import { rootRoute } from './root.tsx';
import { settingsAccountRoute } from './settings.account.tsx';
import { settingsContractRoute } from './settings.contract.tsx';
import { settingsDeleteRoute } from './settings.delete.tsx';
import { settingsNotificationsRoute } from './settings.notifications.tsx';
import { settingsPasswordRoute } from './settings.password.tsx';
import { settingsPictureRoute } from './settings.picture.tsx';
import { settingsProfileRoute } from './settings.profile.tsx';
import { settingsIndexRoute, settingsRoute } from './settings.tsx';
import { setupRoute } from './setup.tsx';
import { subscribedRoute } from './subscribed.tsx';
import { termsRoute } from './terms.tsx';
import { verifyRoute } from './verify.tsx';

export const routeTree = rootRoute.addChildren([
  landingRoute,
  loginRoute,
  setupRoute,
  verifyRoute,
  emailRoute,
  termsRoute,
  privacyRoute,
  publicChangelogRoute,
  publicFeedbackRoute,
  publicProjectRoute,
  newsletterConfirmRoute,
  passwordForgotRoute,
  passwordResetRoute,
  invitationRoute,
  novaRoute.addChildren([
    novaIndexRoute,
    novaUsersRoute,
    novaUsersShowRoute,
    novaPodcastsRoute,
    novaPracticesRoute,
    novaPracticesEditRoute,
    novaCompilationsRoute,
    novaAdvicesRoute,
    novaChangelogRoute,
    novaRoadmapRoute,
    novaFeedbackRoute,
    novaCodesRoute,
    novaAuditRoute,
  ]),
  appRoute.addChildren([
    appIndexRoute,
    podcastRequiredRoute.addChildren([
      dashboardRoute,
      podcastShowRoute,
      podcastDeleteRoute,
      podcastFeedCheckRoute,
      podcastAudienceRoute,
      podcastEditRoute.addChildren([
        podcastEditIndexRoute,
        podcastEditGeneralRoute,
        podcastEditObjectiveRoute,
        podcastEditStageRoute,
        podcastEditStrategyRoute,
        podcastEditMetricsRoute,
        podcastEditMilestonesRoute,
        podcastEditCoworkersRoute,
        podcastEditContractRoute,
      ]),
      podcastCoworkersListRoute,
      podcastsImportRoute,
      podcastsInviteRoute,
      podcastsConversionRoute,
      assistancesListRoute,
      assistancesShowRoute,
      compilationsListRoute,
      compilationsShowRoute,
      experimentsRoute.addChildren([
        experimentsIndexRoute,
        experimentsListRoute,
        experimentsCreateRoute,
        experimentsShowRoute,
      ]),
      practicesRoute.addChildren([
        practicesIndexRoute,
        practicesListRoute,
        practicesShowRoute.addChildren([
          practicesShowIndexRoute,
          practicesShowOverviewRoute,
          practicesShowContentRoute,
          practicesShowContextRoute,
          practicesShowActionsRoute,
          practicesShowRatingRoute,
          practicesShowExperimentsRoute,
        ]),
      ]),
    ]),
    onboardingShowRoute.addChildren([
      onboardingShowIndexRoute,
      onboardingCreateShowRoute,
      onboardingConfirmShowRoute,
      onboardingProfileShowRoute,
      onboardingCompleteShowRoute,
    ]),
    subscribedRoute,
    authorizedRoute,
    feedbackRoute,
    projectRoute,
    changelogRoute,
    accountAssistancesListRoute,
    accountCoworkersListRoute,
    profileRoute,
    settingsRoute.addChildren([
      settingsIndexRoute,
      settingsProfileRoute,
      settingsPictureRoute,
      settingsAccountRoute,
      settingsPasswordRoute,
      settingsNotificationsRoute,
      settingsContractRoute,
      settingsDeleteRoute,
    ]),
  ]),
]);
