// `mailrun seat status|vote|invite|invitations|accept`: empty seats (proto/mailrun/v1/seats.proto).
// A seat whose player missed the table's number of turn deadlines in a row is abandoned; the other
// players vote to hand it to the bot or to a substitute the host invites by display name (the lobby
// resolves it: GetProfile by display_name), who accepts.
#include <fmt/format.h>

#include <map>
#include <memory>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

std::string ChoiceWord(mailrun::v1::SeatChoice choice) {
  return choice == mailrun::v1::SEAT_CHOICE_BOT ? "bot" : choice == mailrun::v1::SEAT_CHOICE_SUBSTITUTE ? "substitute" : "";
}

// The display names of the accounts invited to the seats (the game service knows only their user
// ids), from the lobby; an id the lobby cannot name stays an id.
std::map<std::string, std::string> InvitedNames(CommandContext& ctx,
                                                const google::protobuf::RepeatedPtrField<mailrun::v1::SeatStatus>& seats) {
  std::map<std::string, std::string> names;
  for (const auto& seat : seats) {
    const std::string& id = seat.invited_user_id();
    if (id.empty() || names.count(id) > 0) continue;
    mailrun::v1::GetProfileRequest request;
    request.set_user_id(id);
    try {
      names[id] = ctx.connections.Lobby(&LobbyStub::GetProfile, request, ctx.session.AccessToken(), "GetProfile")
                      .display_name();
    } catch (const std::exception&) {
      names[id] = id;
    }
  }
  return names;
}

std::string SeatLine(const mailrun::v1::SeatStatus& seat, const std::map<std::string, std::string>& invited_names) {
  std::string line = fmt::format("seat {} {}: {} missed deadline(s) in a row", seat.seat(), seat.display_name(),
                                 seat.missed_deadlines());
  if (seat.abandoned()) line += ", ABANDONED";
  switch (seat.handover()) {
    case mailrun::v1::SEAT_HANDOVER_STATE_VOTING: {
      std::string votes;
      for (const auto& vote : seat.votes()) {
        votes += fmt::format("{}{} {}", votes.empty() ? "" : ", ",
                             vote.voter_seat() < 0 ? std::string("director") : fmt::format("seat {}", vote.voter_seat()),
                             ChoiceWord(vote.choice()));
      }
      line += "; votes: " + votes;
      break;
    }
    case mailrun::v1::SEAT_HANDOVER_STATE_AWAITING_INVITATION: line += "; decided: a substitute, the host invites one"; break;
    case mailrun::v1::SEAT_HANDOVER_STATE_INVITED: {
      const auto name = invited_names.find(seat.invited_user_id());
      line += "; invited: " + (name == invited_names.end() ? seat.invited_user_id() : name->second);
      break;
    }
    case mailrun::v1::SEAT_HANDOVER_STATE_DONE:
      line += fmt::format("; handed over to the {} (left by {})", ChoiceWord(seat.decided()), seat.left_by_display_name());
      break;
    default: break;
  }
  return line;
}

}  // namespace

void RegisterSeatCommands(CLI::App& app, const ClientOptions& options) {
  struct Flags {
    std::string game;
    int seat = 0;
    std::string choice;
    std::string name;
    std::string request_id;
  };
  auto flags = std::make_shared<Flags>();
  auto* seat = app.add_subcommand("seat", "Empty seats: votes on an abandoned seat, substitutes");
  seat->require_subcommand(1);
  const auto game_option = [flags](CLI::App* command) {
    command->add_option("--game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  };
  const auto request_option = [flags](CLI::App* command) {
    command->add_option("--request-id", flags->request_id, "retry a call whose answer was lost (default: a new id)");
  };
  const auto request_id = [flags] {
    if (flags->request_id.size() > 128) throw BadInput("--request-id has at most 128 characters");
    return flags->request_id.empty() ? NewRequestId() : flags->request_id;
  };

  auto* status = seat->add_subcommand("status", "Every seat's missed deadlines, votes and handovers");
  game_option(status);
  status->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::GetSeatsRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    const auto answer = ctx.connections.Seats(&SeatStub::GetSeats, request, ctx.session.AccessToken(), "GetSeats");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    std::string text = answer.abandon_after_missed_deadlines() == 0
                           ? "No seat is ever abandoned in this game.\n"
                           : fmt::format("A seat is abandoned after {} missed turn deadlines in a row; {}.\n",
                                         answer.abandon_after_missed_deadlines(),
                                         answer.director_decides() ? "the tournament's director decides"
                                                                   : fmt::format("{} vote(s) decide", answer.votes_needed()));
    const auto names = InvitedNames(ctx, answer.seats());
    for (const auto& one : answer.seats()) text += SeatLine(one, names) + "\n";
    ctx.out.Text(text);
  });

  auto* vote = seat->add_subcommand("vote", "Vote to hand an abandoned seat to the bot or to a substitute");
  game_option(vote);
  request_option(vote);
  vote->add_option("seat", flags->seat, "the abandoned seat (seat status)")->required()->check(CLI::Range(0, 5));
  vote->add_option("choice", flags->choice, "bot or substitute")->required()->check(CLI::IsMember({"bot", "substitute"}));
  vote->callback([&options, flags, request_id] {
    CommandContext ctx(options);
    mailrun::v1::VoteOnSeatRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_request_id(request_id());
    request.set_seat(flags->seat);
    request.set_choice(flags->choice == "bot" ? mailrun::v1::SEAT_CHOICE_BOT : mailrun::v1::SEAT_CHOICE_SUBSTITUTE);
    const auto answer = ctx.connections.Seats(&SeatStub::VoteOnSeat, request, ctx.session.AccessToken(), "VoteOnSeat");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(SeatLine(answer.seat(), {}) + "\n");
  });

  auto* invite = seat->add_subcommand("invite", "Host: invite a player by display name to take a seat");
  invite->add_option("game", flags->game, "the game (seat status)")->required();
  invite->add_option("seat", flags->seat, "the seat decided for a substitute")->required()->check(CLI::Range(0, 5));
  invite->add_option("name", flags->name, "the substitute's display name (any case)")->required();
  invite->callback([&options, flags] {
    CommandContext ctx(options);
    // The lobby names the account (NOT_FOUND naming the name when there is none).
    mailrun::v1::GetProfileRequest lookup;
    lookup.set_display_name(flags->name);
    const auto profile = ctx.connections.Lobby(&LobbyStub::GetProfile, lookup, ctx.session.AccessToken(), "GetProfile");
    mailrun::v1::InviteSubstituteRequest request;
    request.set_game_id(flags->game);
    request.set_seat(flags->seat);
    request.set_user_id(profile.user_id());
    const auto answer =
        ctx.connections.Seats(&SeatStub::InviteSubstitute, request, ctx.session.AccessToken(), "InviteSubstitute");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(SeatLine(answer.seat(), {{profile.user_id(), profile.display_name()}}) + "\n");
  });

  auto* invitations = seat->add_subcommand("invitations", "The seats you are invited to take");
  invitations->callback([&options] {
    CommandContext ctx(options);
    const auto answer = ctx.connections.Seats(&SeatStub::ListSeatInvitations, mailrun::v1::ListSeatInvitationsRequest(),
                                              ctx.session.AccessToken(), "ListSeatInvitations");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    std::string text;
    for (const auto& one : answer.invitations()) {
      text += fmt::format("game {} seat {} (left by {}), invited by {}\n", one.game_id(), one.seat(),
                          one.seat_display_name(), one.invited_by_display_name());
    }
    ctx.out.Text(text.empty() ? "No invitations to a seat.\n" : text);
  });

  auto* accept = seat->add_subcommand("accept", "Take the seat you are invited to");
  request_option(accept);
  accept->add_option("game", flags->game, "the game (seat invitations)")->required();
  accept->add_option("seat", flags->seat, "the seat")->required()->check(CLI::Range(0, 5));
  accept->callback([&options, flags, request_id] {
    CommandContext ctx(options);
    mailrun::v1::AcceptSeatRequest request;
    request.set_game_id(flags->game);
    request.set_request_id(request_id());
    request.set_seat(flags->seat);
    const auto answer = ctx.connections.Seats(&SeatStub::AcceptSeat, request, ctx.session.AccessToken(), "AcceptSeat");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(fmt::format("You hold seat {} now.\n", answer.seat().seat()));
  });
}

}  // namespace mailrun::cli
