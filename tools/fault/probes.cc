#include "tools/fault/probes.h"

#include <fmt/format.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <sodium.h>

#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <pqxx/pqxx>
#include <set>
#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "mailrun/v1/programmed_moves.grpc.pb.h"
#include "services/common/token.h"
#include "tools/fault/calls.h"

namespace mailrun::fault {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

enum class Auth { kPlayer, kLobbyService, kNone };

struct Rpc {
  std::string service;  // e.g. "mailrun.v1.GameService"
  std::string method;   // e.g. "SubmitAction"
  Auth auth = Auth::kPlayer;
  std::string baseline;  // a valid request, text format
};

// The real things the baselines name: a game of the probe user's, a table, a tournament, a device.
struct Fixture {
  std::string user_id, name, token, refresh_token;
  std::string user2_id, name2;
  std::string game_id;
  std::string game_request_id;  // CreateGame's: reused with another config, any variant is refused
  int64_t version = 0;
  std::string action;  // a legal action at `version`, text format
  std::string table_id, tournament_id, device_id, event_id;
};

std::string Text(const Message& message) {
  std::string text;
  google::protobuf::TextFormat::PrintToString(message, &text);
  return text;
}

template <typename Stub, typename Request, typename Response>
Response Must(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
              const std::string& token, const Request& request, const char* what) {
  Response response;
  grpc::Status status;
  for (int attempt = 0; attempt < 20; ++attempt) {
    status = Call(stub, method, token, request, &response);
    if (!InDoubt(status.error_code())) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  if (!status.ok()) throw std::runtime_error(std::string("probe fixture: ") + what + ": " + status.error_message());
  return response;
}

Fixture Prepare(FaultStack& stack, uint64_t seed) {
  Fixture f;
  auto lobby = mailrun::v1::LobbyService::NewStub(OwnChannel(stack.Address(Service::kLobby)));
  auto game = mailrun::v1::GameService::NewStub(OwnChannel(stack.Address(Service::kGame)));
  auto notify = mailrun::v1::NotificationService::NewStub(OwnChannel(stack.Address(Service::kNotify)));
  for (int i = 0; i < 2; ++i) {
    mailrun::v1::RegisterRequest request;
    request.set_request_id(fmt::format("probe{}-register-{}", seed, i));
    request.set_display_name(fmt::format("probe{}n{}", seed % 100000, i));
    request.set_password("probe-password");
    const auto auth = Must(*lobby, &mailrun::v1::LobbyService::Stub::Register, "", request, "Register");
    (i == 0 ? f.user_id : f.user2_id) = auth.user_id();
    (i == 0 ? f.name : f.name2) = auth.display_name();
    if (i == 0) f.refresh_token = auth.refresh_token();
  }
  f.token = UserToken(stack.signer(), f.user_id);

  mailrun::v1::CreateGameRequest create;
  f.game_request_id = fmt::format("probe{}-game", seed);
  create.set_request_id(f.game_request_id);
  create.mutable_config()->set_edition(mailrun::v1::EDITION_RETUNED);
  create.mutable_config()->set_seed(seed + 11);
  for (const auto& [id, name] : {std::pair{f.user_id, f.name}, {f.user2_id, f.name2}, {"probe-third", "Third"}}) {
    auto* player = create.mutable_config()->add_players();
    player->set_user_id(id);
    player->set_display_name(name);
  }
  f.game_id = Must(*game, &mailrun::v1::GameService::Stub::CreateGame, LobbyToken(stack.signer()), create,
                   "CreateGame").game_id();
  mailrun::v1::ListLegalActionsRequest legal;
  legal.set_game_id(f.game_id);
  const auto actions =
      Must(*game, &mailrun::v1::GameService::Stub::ListLegalActions, f.token, legal, "ListLegalActions");
  f.version = actions.version();
  f.action = actions.actions().empty() ? "" : Text(actions.actions(0).action());

  mailrun::v1::CreateTableRequest table;
  table.set_request_id(fmt::format("probe{}-table", seed));
  table.set_seats(4);
  f.table_id = Must(*lobby, &mailrun::v1::LobbyService::Stub::CreateTable, f.token, table, "CreateTable").table_id();
  mailrun::v1::CreateTournamentRequest tournament;
  tournament.set_request_id(fmt::format("probe{}-tournament", seed));
  tournament.set_name("probe");
  tournament.set_format(mailrun::v1::TOURNAMENT_FORMAT_SWISS);
  tournament.set_table_size(4);
  tournament.set_rounds(2);
  tournament.set_registration_closes_at_unix_ms(NowUnixMs() + 86400000);
  f.tournament_id = Must(*lobby, &mailrun::v1::LobbyService::Stub::CreateTournament, f.token, tournament,
                         "CreateTournament").tournament_id();
  mailrun::v1::RegisterDeviceRequest device;
  device.set_request_id(fmt::format("probe{}-device", seed));
  device.set_platform(mailrun::v1::PLATFORM_FCM);
  device.set_push_token(fmt::format("probe-token-{}", seed));
  f.device_id = Must(*notify, &mailrun::v1::NotificationService::Stub::RegisterDevice, f.token, device,
                     "RegisterDevice").device_id();
  // The game's first "your turn" reaches the inbox through the outbox and Redis.
  for (int attempt = 0; attempt < 100 && f.event_id.empty(); ++attempt) {
    mailrun::v1::ListInboxRequest list;
    const auto inbox = Must(*notify, &mailrun::v1::NotificationService::Stub::ListInbox, f.token, list, "ListInbox");
    if (inbox.notifications_size() > 0) f.event_id = inbox.notifications(0).event_id();
    if (f.event_id.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (f.event_id.empty()) f.event_id = "game:none";
  return f;
}

std::vector<Rpc> Rpcs(const Fixture& f) {
  const std::string rid = "request_id: \"probe-$R\" ";
  const std::string game = fmt::format("game_id: \"{}\" ", f.game_id);
  const std::string table = fmt::format("table_id: \"{}\" ", f.table_id);
  const std::string tournament = fmt::format("tournament_id: \"{}\" ", f.tournament_id);
  const std::string page = "page { page_size: 10 } ";
  const std::string g = "mailrun.v1.GameService", l = "mailrun.v1.LobbyService", n = "mailrun.v1.NotificationService";
  return {
      {g, "CreateGame", Auth::kLobbyService,
       fmt::format("request_id: \"{}\" ", f.game_request_id) + "config { edition: EDITION_RETUNED players { user_id: \"a1\" display_name: \"A\" } players { user_id: "
             "\"a2\" display_name: \"B\" } players { user_id: \"a3\" display_name: \"C\" } } table_id: \"t\""},
      {g, "GetGameResult", Auth::kLobbyService, game},
      {g, "GetGame", Auth::kPlayer, game + "since_version: 0"},
      {g, "ListLegalActions", Auth::kPlayer, game},
      {g, "SubmitAction", Auth::kPlayer,
       fmt::format("{}{}expected_version: {} action {{ {} }}", game, rid, f.version, f.action)},
      {g, "PreviewAction", Auth::kPlayer, fmt::format("{}action {{ {} }}", game, f.action)},
      {g, "GetHistory", Auth::kPlayer, game + "page_size: 10 after_seq: 0"},
      {g, "SuggestRuns", Auth::kPlayer, game + "company: \"EIR\""},
      {g, "UndoLastAction", Auth::kPlayer, fmt::format("{}{}expected_version: {}", game, rid, f.version + 1)},
      {g, "ListMyGames", Auth::kPlayer, "page_size: 10 page_token: \"\""},
      // A stream: every mutation is refused before it starts (a unary call of it would wait).
      {g, "WatchGame", Auth::kPlayer, game + "after_version: 0"},
      {g, "GetBoardPicture", Auth::kPlayer, game + "version: 0"},
      {g, "SetAutopilot", Auth::kPlayer, game + "on: false"},
      // Chat and notes: a junk text is refused like a junk id, so no mutation writes a message.
      {g, "PostChatMessage", Auth::kPlayer, game + rid + "text: \"probe @all\""},
      {g, "ListChatMessages", Auth::kPlayer, game + "before_seq: 0 page_size: 10"},
      {g, "DeleteChatMessage", Auth::kPlayer, game + "seq: 1"},
      {g, "MuteChatPlayer", Auth::kPlayer, game + "seat: 1 muted: true"},
      {g, "HideChatMessage", Auth::kPlayer, game + "seq: 1 hidden: true"},
      {g, "GetNotes", Auth::kPlayer, game},
      {g, "SetNotes", Auth::kPlayer, game + "text: \"probe notes\" expected_revision: 0"},
      {"mailrun.v1.ProgrammedMoveService", "SetProgrammedMove", Auth::kPlayer,
       game + rid + "kind: PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND"},
      {"mailrun.v1.ProgrammedMoveService", "CancelProgrammedMove", Auth::kPlayer, game + "move_id: 1"},
      {"mailrun.v1.ProgrammedMoveService", "ListProgrammedMoves", Auth::kPlayer, game},
      {g, "GetComponents", Auth::kPlayer, "title: TITLE_1853 edition: EDITION_RETUNED known_hash: \"sha256:" + std::string(64, '0') + "\""},
      {l, "Register", Auth::kNone, rid + fmt::format("display_name: \"{}\" password: \"probe-password\"", f.name)},
      {l, "Login", Auth::kNone, rid + fmt::format("display_name: \"{}\" password: \"not-the-password\"", f.name)},
      // Any name gets the same empty answer; the mutations are all refused, so no code is made.
      {l, "RequestLoginCode", Auth::kNone, fmt::format("display_name: \"{}\"", f.name)},
      {l, "Refresh", Auth::kNone, rid + fmt::format("refresh_token: \"{}\"", f.refresh_token)},
      {l, "Logout", Auth::kPlayer, rid + fmt::format("refresh_token: \"{}\"", f.refresh_token)},
      {l, "GetProfile", Auth::kPlayer, fmt::format("user_id: \"{}\"", f.user2_id)},
      {l, "GetProfile", Auth::kPlayer, fmt::format("display_name: \"{}\"", f.name2)},
      {l, "UpdateProfile", Auth::kPlayer, rid + fmt::format("display_name: \"{}\" time_zone: \"UTC\"", f.name2)},
      // A wrong current password: refused, so nothing changes (and the mutations cannot change it).
      {l, "ChangePassword", Auth::kPlayer, rid + "current_password: \"not-the-password\" new_password: \"probe-new-password\""},
      {l, "ListSessions", Auth::kPlayer, ""},
      {l, "RevokeSession", Auth::kPlayer, rid + "session_id: \"probe-no-such-session\""},
      // A wrong password: refused, so the account stays (and the mutations cannot delete it).
      {l, "DeleteAccount", Auth::kPlayer, rid + "password: \"not-the-password\""},
      {l, "CreateTable", Auth::kPlayer, rid + "name: \"probe\" seats: 4"},
      {l, "ListTables", Auth::kPlayer, page + "min_open_seats: 1"},
      {l, "GetTable", Auth::kPlayer, table},
      {l, "JoinTable", Auth::kPlayer, rid + table},
      {l, "LeaveTable", Auth::kPlayer, rid + fmt::format("table_id: \"{}\"", f.tournament_id)},
      {l, "KickPlayer", Auth::kPlayer, rid + table + fmt::format("user_id: \"{}\"", f.user2_id)},
      {l, "InvitePlayers", Auth::kPlayer, rid + table + fmt::format("display_names: \"{}\"", f.name)},
      {l, "StartTable", Auth::kPlayer, rid + table},
      {l, "CreateTournament", Auth::kPlayer,
       rid + "name: \"probe\" format: TOURNAMENT_FORMAT_SWISS table_size: 9 rounds: 2 registration_closes_at_unix_ms: 1"},
      {l, "ListTournaments", Auth::kPlayer, page},
      {l, "GetTournament", Auth::kPlayer, tournament},
      {l, "RegisterForTournament", Auth::kPlayer, rid + fmt::format("tournament_id: \"{}\"", f.table_id)},
      {l, "WithdrawFromTournament", Auth::kPlayer, rid + tournament},
      {l, "StartTournamentRound", Auth::kPlayer, rid + tournament + "round: 2"},
      {l, "DropPlayer", Auth::kPlayer, rid + tournament + fmt::format("user_id: \"{}\"", f.user2_id)},
      {l, "GetStandings", Auth::kPlayer, tournament},
      {l, "GetLeaderboard", Auth::kPlayer, page},
      {l, "GetMyResults", Auth::kPlayer, page},
      {n, "Subscribe", Auth::kPlayer, fmt::format("since_event_id: \"{}\"", f.event_id)},
      {n, "ListInbox", Auth::kPlayer, page + "unread_only: true"},
      // An event not in the inbox: whatever the mutated up_to_sequence, nothing is marked.
      {n, "MarkRead", Auth::kPlayer, rid + "event_ids: \"game:not-in-the-inbox\" up_to_sequence: 1"},
      {n, "RegisterDevice", Auth::kPlayer, rid + "platform: PLATFORM_APNS push_token: \"probe-other-token\""},
      {n, "UnregisterDevice", Auth::kPlayer, rid + fmt::format("device_id: \"{}\"", f.device_id)},
      {n, "GetPreferences", Auth::kPlayer, ""},
      {n, "ListDevices", Auth::kPlayer, ""},
      {n, "GetWebPushKey", Auth::kPlayer, ""},
      // The fault stack has no SMTP relay: an address is refused before anything is written.
      {n, "SetEmail", Auth::kPlayer, rid + "address: \"probe@example.net\""},
      // No login: the link's token is the proof, and a made-up one is NOT_FOUND.
      {n, "VerifyEmail", Auth::kNone, "token: \"probe-verify-token\""},
      {n, "UnsubscribeEmail", Auth::kNone, "token: \"probe-unsubscribe-token\""},
      {n, "SetPreferences", Auth::kPlayer,
       rid + "preferences { quiet_hours { enabled: true start_minute: 60 end_minute: 120 time_zone: \"UTC\" } "
                 "language: \"de\" }"},
  };
}

// One unary call with raw bytes, whatever the method (a streaming one too: it must refuse).
grpc::Status CallRaw(grpc::GenericStub& stub, const std::string& path, const std::string& bytes,
                     const std::string& authorization) {
  grpc::ClientContext context;
  if (!authorization.empty()) context.AddMetadata("authorization", authorization);
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  grpc::CompletionQueue queue;
  grpc::Slice slice(bytes);
  const grpc::ByteBuffer request(&slice, 1);
  auto reader = stub.PrepareUnaryCall(&context, path, request, &queue);
  reader->StartCall();
  grpc::ByteBuffer response;
  grpc::Status status;
  reader->Finish(&response, &status, reinterpret_cast<void*>(1));
  void* tag = nullptr;
  bool ok = false;
  queue.Next(&tag, &ok);
  queue.Shutdown();
  while (queue.Next(&tag, &ok)) {
  }
  return status;
}

bool CleanRefusal(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::NOT_FOUND:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::PERMISSION_DENIED:
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::ABORTED:
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
    case grpc::StatusCode::UNAUTHENTICATED:
    case grpc::StatusCode::OUT_OF_RANGE:
      return true;
    default:
      return false;
  }
}

// A field reached from the request: the fields and repeated indexes leading to it.
using FieldPath = std::vector<const FieldDescriptor*>;

void CollectFields(const Message& message, FieldPath prefix, int depth, std::vector<FieldPath>* out) {
  const auto* descriptor = message.GetDescriptor();
  const auto* reflection = message.GetReflection();
  for (int i = 0; i < descriptor->field_count(); ++i) {
    const FieldDescriptor* field = descriptor->field(i);
    FieldPath path = prefix;
    path.push_back(field);
    if (field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      if (!field->is_repeated() && depth < 4 && reflection->HasField(message, field)) {
        CollectFields(reflection->GetMessage(message, field), path, depth + 1, out);
      }
      continue;
    }
    switch (field->cpp_type()) {
      case FieldDescriptor::CPPTYPE_STRING:
      case FieldDescriptor::CPPTYPE_INT32:
      case FieldDescriptor::CPPTYPE_INT64:
      case FieldDescriptor::CPPTYPE_UINT32:
      case FieldDescriptor::CPPTYPE_UINT64:
        out->push_back(path);
        break;
      default:
        break;
    }
  }
}

std::string PathName(const FieldPath& path) {
  std::string name;
  for (const auto* field : path) name += (name.empty() ? "" : ".") + field->name();
  return name;
}

// The message holding the last field of `path`, in `root` (created along the way).
Message* Holder(Message* root, const FieldPath& path) {
  Message* message = root;
  for (size_t i = 0; i + 1 < path.size(); ++i) message = message->GetReflection()->MutableMessage(message, path[i]);
  return message;
}

struct Mutation {
  std::string label;
  std::string bytes;
  bool junk_string = false;  // a junk or oversized string: OK is never a clean answer
  bool over_limit = false;   // the whole request beyond gRPC's message limit
};

std::vector<Mutation> Mutations(const Message& baseline) {
  std::vector<FieldPath> fields;
  CollectFields(baseline, {}, 0, &fields);
  std::vector<Mutation> out;
  const std::string junk = std::string("x\0\x01\x1b[2J\xc3\xa9", 9);  // NUL, control, escape, non-ASCII
  const std::string big(1 << 20, 'x');
  for (const FieldPath& path : fields) {
    const FieldDescriptor* field = path.back();
    const auto add = [&](const std::string& what, bool junk_string, const std::function<void(Message*)>& change) {
      std::unique_ptr<Message> copy(baseline.New());
      copy->CopyFrom(baseline);
      change(Holder(copy.get(), path));
      out.push_back({PathName(path) + "=" + what, copy->SerializeAsString(), junk_string});
    };
    if (field->cpp_type() == FieldDescriptor::CPPTYPE_STRING) {
      if (field->is_repeated()) {
        add("junk", true, [&](Message* m) { m->GetReflection()->AddString(m, field, junk); });
        add("100000 entries", true, [&](Message* m) {
          for (int i = 0; i < 100000; ++i) m->GetReflection()->AddString(m, field, "x" + std::to_string(i));
        });
      } else {
        add("junk", true, [&](Message* m) {
          m->GetReflection()->SetString(m, field, m->GetReflection()->GetString(*m, field) + junk);
        });
        add("1 MiB", true, [&](Message* m) { m->GetReflection()->SetString(m, field, big); });
      }
      continue;
    }
    if (field->is_repeated()) continue;
    switch (field->cpp_type()) {
      case FieldDescriptor::CPPTYPE_INT32:
        add("-1", false, [&](Message* m) { m->GetReflection()->SetInt32(m, field, -1); });
        add("max", false, [&](Message* m) {
          m->GetReflection()->SetInt32(m, field, std::numeric_limits<int32_t>::max());
        });
        break;
      case FieldDescriptor::CPPTYPE_INT64:
        add("-1", false, [&](Message* m) { m->GetReflection()->SetInt64(m, field, -1); });
        add("max", false, [&](Message* m) {
          m->GetReflection()->SetInt64(m, field, std::numeric_limits<int64_t>::max());
        });
        break;
      case FieldDescriptor::CPPTYPE_UINT32:
        add("max", false, [&](Message* m) {
          m->GetReflection()->SetUInt32(m, field, std::numeric_limits<uint32_t>::max());
        });
        break;
      case FieldDescriptor::CPPTYPE_UINT64:
        add("max", false, [&](Message* m) {
          m->GetReflection()->SetUInt64(m, field, std::numeric_limits<uint64_t>::max());
        });
        break;
      default:
        break;
    }
  }
  // The whole request beyond gRPC's 4 MiB message limit: an unknown field of 5 MiB.
  std::string over = baseline.SerializeAsString();
  over += '\xfa';  // field 1999, length-delimited: (1999 << 3) | 2 as a varint
  over += '\x7c';
  const uint32_t length = 5 << 20;
  for (uint32_t v = length; true; v >>= 7) {
    if (v < 0x80) {
      over += static_cast<char>(v);
      break;
    }
    over += static_cast<char>((v & 0x7f) | 0x80);
  }
  over += std::string(length, 'y');
  out.push_back({"whole request 5 MiB", over, true, true});
  return out;
}

std::string Substituted(std::string text) {
  for (size_t at = text.find("$R"); at != std::string::npos; at = text.find("$R")) {
    text.replace(at, 2, mailrun::service::RandomId());
  }
  return text;
}

std::unique_ptr<Message> Parse(const Rpc& rpc) {
  // The generated pool holds a .proto's services only once its code is linked in and initialised;
  // nothing else here names programmed_moves.pb.cc, so the linker would leave it out.
  static const google::protobuf::Descriptor* const kLinked = mailrun::v1::SetProgrammedMoveRequest::descriptor();
  (void)kLinked;
  const auto* method =
      google::protobuf::DescriptorPool::generated_pool()->FindMethodByName(rpc.service + "." + rpc.method);
  if (method == nullptr) throw std::runtime_error("no method " + rpc.service + "." + rpc.method);
  std::unique_ptr<Message> message(
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(method->input_type())->New());
  if (!google::protobuf::TextFormat::ParseFromString(Substituted(rpc.baseline), message.get())) {
    throw std::runtime_error("the probe baseline of " + rpc.method + " does not parse");
  }
  return message;
}

std::string AddressOf(FaultStack& stack, const std::string& service) {
  if (service == "mailrun.v1.GameService" || service == "mailrun.v1.ProgrammedMoveService") {
    return stack.Address(Service::kGame);
  }
  if (service == "mailrun.v1.LobbyService") return stack.Address(Service::kLobby);
  return stack.Address(Service::kNotify);
}

// Counts of every table's rows (and the sum of game versions): what "nothing changed" compares.
std::map<std::string, int64_t> DatabaseCounts(const std::string& url) {
  pqxx::connection connection(url);
  pqxx::read_transaction txn(connection);
  std::map<std::string, int64_t> counts;
  for (const auto& row : txn.exec(
           "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE "
           "TABLE' AND table_name NOT IN ('service_starts', 'schema_migrations')")) {
    const std::string table = row[0].as<std::string>();
    counts[table] = txn.exec1("SELECT count(*) FROM " + txn.quote_name(table))[0].as<int64_t>();
  }
  counts["games.version (sum)"] = txn.exec1("SELECT coalesce(sum(version), 0) FROM games")[0].as<int64_t>();
  return counts;
}

void CompareCounts(const std::map<std::string, int64_t>& before, const std::map<std::string, int64_t>& after,
                   ProbeTally* tally) {
  for (const auto& [table, count] : after) {
    const auto was = before.find(table);
    if (was != before.end() && was->second == count) continue;
    ++tally->unexpected;
    tally->problems.push_back(fmt::format("{} changed: {} -> {}", table, was == before.end() ? 0 : was->second, count));
  }
}

void CheckAlive(FaultStack& stack, ProbeTally* tally) {
  for (Service s : {Service::kGame, Service::kLobby, Service::kNotify}) {
    if (!stack.Running(s) || !HealthServing(stack.Address(s), "", std::chrono::seconds(5))) {
      tally->services_alive = false;
      tally->problems.push_back(std::string(ServiceName(s)) + " no longer answers");
    }
  }
}

// Every method of the services (the game service serves two) has a probe in Rpcs(): an RPC added without one is a problem.
void CheckEveryRpcProbed(const std::vector<Rpc>& rpcs, ProbeTally* tally) {
  std::set<std::string> probed;
  for (const Rpc& rpc : rpcs) probed.insert(rpc.service + "/" + rpc.method);
  for (const std::string service_name : {"mailrun.v1.GameService", "mailrun.v1.ProgrammedMoveService",
                                         "mailrun.v1.LobbyService", "mailrun.v1.NotificationService"}) {
    const auto* service = google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(service_name);
    for (int i = 0; service != nullptr && i < service->method_count(); ++i) {
      if (probed.count(service_name + "/" + service->method(i)->name()) > 0) continue;
      ++tally->unexpected;
      tally->problems.push_back("no probe for " + service_name + "/" + service->method(i)->name());
    }
    if (service == nullptr) {
      ++tally->unexpected;
      tally->problems.push_back("no descriptor for " + service_name);
    }
  }
}

void Record(ProbeTally* tally, const std::string& what, const grpc::Status& status) {
  ++tally->unexpected;
  if (tally->problems.size() < 15) {
    tally->problems.push_back(fmt::format("{}: {} {}", what, static_cast<int>(status.error_code()),
                                          status.error_message().substr(0, 120)));
  }
}

}  // namespace

ProbeTally ProbeMalformedInput(FaultStack& stack, uint64_t seed) {
  const Fixture fixture = Prepare(stack, seed);
  const auto before = DatabaseCounts(stack.database_url());
  ProbeTally tally;
  CheckEveryRpcProbed(Rpcs(fixture), &tally);
  std::map<std::string, std::unique_ptr<grpc::GenericStub>> stubs;
  for (const Rpc& rpc : Rpcs(fixture)) {
    auto& stub = stubs[rpc.service];
    if (!stub) stub = std::make_unique<grpc::GenericStub>(OwnChannel(AddressOf(stack, rpc.service)));
    const std::string token = rpc.auth == Auth::kLobbyService ? LobbyToken(stack.signer())
                              : rpc.auth == Auth::kPlayer    ? fixture.token
                                                             : "";
    const auto baseline = Parse(rpc);
    for (const Mutation& mutation : Mutations(*baseline)) {
      const auto call = [&] {
        return CallRaw(*stub, "/" + rpc.service + "/" + rpc.method, mutation.bytes, token.empty() ? "" : "Bearer " + token);
      };
      grpc::Status status = call();
      // gRPC refuses a request over its limit while the client may still be sending it; on a busy
      // machine the client has then, rarely, seen the connection close (UNAVAILABLE, "Transport
      // closed") before the refusal arrived. Such a request is sent once more, and that answer counts.
      if (mutation.over_limit && status.error_code() == grpc::StatusCode::UNAVAILABLE) status = call();
      ++tally.calls;
      const bool clean = CleanRefusal(status.error_code()) || (status.ok() && !mutation.junk_string);
      if (!clean) Record(&tally, rpc.method + " " + mutation.label, status);
    }
  }
  CompareCounts(before, DatabaseCounts(stack.database_url()), &tally);
  CheckAlive(stack, &tally);
  return tally;
}

ProbeTally ProbeCredentials(FaultStack& stack, uint64_t seed) {
  const Fixture fixture = Prepare(stack, seed);
  const auto before = DatabaseCounts(stack.database_url());
  const int64_t now = NowUnixMs() / 1000;
  const auto claims = [&](mailrun::service::TokenKind kind, int64_t expires_at) {
    mailrun::service::TokenClaims c;
    c.subject = fixture.user_id;
    c.display_name = fixture.name;
    c.kind = kind;
    c.issued_at = now - 60;
    c.expires_at = expires_at;
    c.token_id = mailrun::service::RandomId();
    return c;
  };
  using mailrun::service::TokenKind;
  using mailrun::service::TokenSigner;
  const TokenSigner unknown("not-trusted", mailrun::service::NewSigningSeed());
  const TokenSigner impostor(stack.signer().key_id(), mailrun::service::NewSigningSeed());
  // The format of the shared-key tokens before: "v1.<payload>.<HMAC-SHA-256>".
  std::string legacy;
  {
    const std::string payload = R"({"sub":")" + fixture.user_id + R"(","kind":"access","iat":1,"exp":9999999999})";
    std::string encoded(sodium_base64_encoded_len(payload.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
    sodium_bin2base64(encoded.data(), encoded.size(), reinterpret_cast<const unsigned char*>(payload.data()),
                      payload.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    encoded.resize(std::char_traits<char>::length(encoded.c_str()));
    legacy = "v1." + encoded + ".c2lnbmF0dXJl";
  }
  const std::vector<std::pair<std::string, std::string>> wrong = {
      {"no token", ""},
      {"garbage", "Bearer not-a-token"},
      {"another scheme", "Basic " + fixture.token},
      {"expired", "Bearer " + stack.signer().Issue(claims(TokenKind::kAccess, now - 1))},
      {"refresh token", "Bearer " + stack.signer().Issue(claims(TokenKind::kRefresh, now + 600))},
      {"unknown key", "Bearer " + unknown.Issue(claims(TokenKind::kAccess, now + 600))},
      {"forged under a trusted key id", "Bearer " + impostor.Issue(claims(TokenKind::kAccess, now + 600))},
      {"old shared-key format", "Bearer " + legacy},
  };
  ProbeTally tally;
  std::map<std::string, std::unique_ptr<grpc::GenericStub>> stubs;
  for (const Rpc& rpc : Rpcs(fixture)) {
    if (rpc.auth == Auth::kNone) continue;  // Register, Login, Refresh: no token by design
    auto& stub = stubs[rpc.service];
    if (!stub) stub = std::make_unique<grpc::GenericStub>(OwnChannel(AddressOf(stack, rpc.service)));
    const std::string bytes = Parse(rpc)->SerializeAsString();
    const std::string path = "/" + rpc.service + "/" + rpc.method;
    auto tokens = wrong;
    // The right kind of token for the wrong caller: a player for the lobby's calls, the lobby for a player's.
    tokens.emplace_back("wrong caller", "Bearer " + (rpc.auth == Auth::kLobbyService ? fixture.token
                                                                                       : LobbyToken(stack.signer())));
    for (const auto& [what, authorization] : tokens) {
      const grpc::Status status = CallRaw(*stub, path, bytes, authorization);
      ++tally.calls;
      if (status.error_code() != grpc::StatusCode::UNAUTHENTICATED &&
          status.error_code() != grpc::StatusCode::PERMISSION_DENIED) {
        Record(&tally, rpc.method + " with " + what, status);
      }
    }
  }
  CompareCounts(before, DatabaseCounts(stack.database_url()), &tally);
  CheckAlive(stack, &tally);
  return tally;
}

}  // namespace mailrun::fault
