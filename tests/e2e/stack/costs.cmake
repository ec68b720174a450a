# CTest's COST of the longest whole-stack tests (seconds measured at -j2 on the 2-core machine,
# 2026-12-07), read after the tests are discovered, so that on a fresh clone (no timings of its
# own) they start first instead of running alone at the end (tests/e2e/web/costs.cmake says more).
set_tests_properties(e2e_seat_handover_SeatHandover.AVoteHandsTheAbandonedSeatToTheBotWhichFinishesTheGameTheLeaverLoses PROPERTIES COST 38)
set_tests_properties(e2e_seat_handover_SeatHandover.ASubstituteTakesTheAbandonedSeatAndPlaysItToTheEndTheLeaverLosesTheSubstituteIsNotRated PROPERTIES COST 21)
