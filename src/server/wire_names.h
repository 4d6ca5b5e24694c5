// The wire's names as the server's: the protocol's types, the parser of client messages and the
// writers of server frames live in src/wire (allegra::wire, docs/architecture.md); the server
// speaks them everywhere, so they are declared into allegra::server here, once.
#pragma once

#include "wire/messages.h"
#include "wire/protocol.h"
#include "wire/shared_text.h"

namespace allegra::server {

// wire/protocol.h: client messages and error codes.
using wire::Act;
using wire::Chat;
using wire::chat_problem;
using wire::ClientMessage;
using wire::Create;
using wire::error_code_name;
using wire::ErrorCode;
using wire::Hello;
using wire::Hint;
using wire::Join;
using wire::kMaxChatChars;
using wire::kMaxMessageId;
using wire::kProtocolVersion;
using wire::Leave;
using wire::List;
using wire::MessageBody;
using wire::parse_client_message;
using wire::ParseResult;
using wire::Ping;
using wire::ProtocolError;
using wire::PutBot;
using wire::Ready;
using wire::Rematch;
using wire::SeatSpec;
using wire::Sit;
using wire::Stand;
using wire::Start;

// wire/messages.h: what the frames are built from, and the frames.
using wire::bye_frame;
using wire::chat_frame;
using wire::ChatLine;
using wire::created_frame;
using wire::error_frame;
using wire::FrameEvents;
using wire::GameSnapshot;
using wire::hint_frame;
using wire::PendingSeat;
using wire::pong_frame;
using wire::resumed_frame;
using wire::RevealedSeed;
using wire::room_status_name;
using wire::RoomInfo;
using wire::RoomSettings;
using wire::RoomStatus;
using wire::scored_rounds;
using wire::seat_event;
using wire::seated_frame;
using wire::SeatInfo;
using wire::SeatState;
using wire::ServerLimits;
using wire::state_frame;
using wire::table_summary_text;
using wire::tables_frame;
using wire::update_frame;
using wire::welcome_frame;

}  // namespace allegra::server
