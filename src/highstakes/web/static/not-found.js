// The page for a room that does not exist: its words in the reader's language (i18n.js).

import { startPage } from "./common.js";
import { t } from "./i18n.js";

startPage(() => ({
  "page-title": t("Not found · High Stakes"),
  heading: t("There is no such room here"),
  about: t("The link may have been mistyped, or the room is from another server."),
  "back-to-lobby": t("Back to the lobby"),
}));
