# CTest's COST of the longest browser tests (seconds, CTestCostData.txt of a clean clone's
# `make test` at -j2, 2026-12-07), read by CTest after these tests are discovered (the directory's
# TEST_INCLUDE_FILES). A fresh clone has no timings of its own, so without these CTest starts its
# tests in the order they are listed and a long game could start late and run alone at the end
# with the other core idle; with them the longest start first (docs/benchmarks.md, "Build and test
# time"). A name not found is ignored; after a run of its own CTest's measured times count only
# for tests without a COST here.
set_tests_properties(e2e_web_WebTap.AShort1853GameIsPlayedToItsEndByTappingOnly PROPERTIES COST 433)
set_tests_properties(e2e_web_WebTap.A1947GameIsPlayedByTappingThroughItsFirstOperatingRound PROPERTIES COST 154)
set_tests_properties(e2e_web_Web.ThreePlayersPlayAGameToTheEndInTheBrowser PROPERTIES COST 116)
set_tests_properties(e2e_web_Web.ChatNotesAndStandingOrdersWorkBetweenBrowsers PROPERTIES COST 110)
set_tests_properties(e2e_web_WebPushBrowser.AnOpenGamesKeptViewIsRenewedAndShownOfflineAtTheNewerVersion PROPERTIES COST 74)
set_tests_properties(e2e_web_Web.TheGlanceStripAndTheSpreadsheetShowTheGameAsItIs PROPERTIES COST 54)
set_tests_properties(e2e_web_Web.TheMapOnAPhoneIsPlayableByTapAndKeyboardAndA1947RunIsDrawnByHand PROPERTIES COST 54)
set_tests_properties(e2e_web_WebNotify.TheSettingsScreenAndTheMailLinksDoWhatTheySay PROPERTIES COST 29)
set_tests_properties(e2e_web_Web.A1947TileIsLaidAndItsRunsAcceptedOnTheBoard PROPERTIES COST 25)
set_tests_properties(e2e_web_Web.AnAbandonedSeatIsVotedToASubstituteWhoTakesItAndMovesByTapping PROPERTIES COST 34)
