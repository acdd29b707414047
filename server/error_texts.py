"""The sentences of the HTTP API's error answers outside accounts and friends (server/player_texts.py holds those
and merges this table into its own): rooms, games and replays, the quick-play queue, request bodies and request
guards, the ends of a game by claim or abort, the room's refusals relayed over the bus.

``TEXTS``: sentence key -> ``(Russian, English)``, each a whole sentence with ``str.format`` fields (``{field}``)
filled by the caller. A key is the error code itself when one sentence fits every answer with that code, else a
more precise name (``bad_bool`` for the ``bad_request`` of a field that must be true or false). Field names of a
body (``'clock.base'``) stay as they are in both languages: they are names of the API, not words.
"""
from __future__ import annotations

_BODY = {
    "body_too_large": ("Тело запроса больше {cap} байт.", "The request body is larger than {cap} bytes."),
    "bad_content_length": ("Заголовок Content-Length — не число.", "The Content-Length header is not a number."),
    "body_timeout": ("Тело запроса не пришло за {seconds} с.", "The request body did not arrive within {seconds} s."),
    "body_too_deep": ("Тело запроса вложено глубже {depth} уровней.",
                      "The request body nests deeper than {depth} levels."),
    "body_not_json": ("Тело запроса — не JSON.", "The request body is not JSON."),
    "body_lone_surrogate": ("В теле запроса одиночный суррогат (это не допустимый Юникод).",
                            "The request body holds a lone surrogate (not valid Unicode)."),
    "body_not_object": ("Тело запроса должно быть объектом JSON.", "The request body must be a JSON object."),
    "unknown_field": ("Неизвестное поле '{field}'; допустимые поля: {fields}.",
                      "Unknown field '{field}'; the fields are {fields}."),
}

_GUARD = {
    "control_character": ("В адресе управляющий символ.", "The address holds a control character."),
    "not_found": ("Такого адреса API нет.", "There is no such API address."),
    "bad_value": ("База данных не приняла значение из запроса.", "The database refused a value of the request."),
    "db_unavailable": ("База данных сейчас недоступна для чтения или записи; повторите чуть позже.",
                       "The database cannot be reached or written right now; try again shortly."),
    "internal_error": ("Сервер не справился с запросом; ошибка записана в журнал.",
                       "The server failed on this request; it was logged."),
    "store_refused": ("База данных отклонила запрос: значение не подходит.",
                      "The database refused the request: a value is not accepted."),
    "auth_limited": ("Слишком много неудачных входов; подождите минуту и попробуйте снова.",
                     "Too many failed sign-ins; wait a minute and try again."),
    "header_timeout": ("Заголовки запроса не пришли вовремя.", "The request head did not arrive in time."),
    "header_too_large": ("Заголовки запроса слишком велики.", "The request head is too large."),
    "too_many_connections": ("С этого адреса открывается слишком много соединений.",
                             "Too many connections from this address are opening."),
    "refused": ("Запрос отклонён.", "The request was refused."),
}

_SERVER = {
    "starting": ("Сервер запускается.", "The server is starting."),
    "backend_unavailable": ("Связь с Redis потеряна; сервер переподключается.",
                            "Redis cannot be reached; the server is reconnecting."),
    "store_unavailable": ("В базу данных сейчас нельзя писать; подтверждённые ходы ждут записи.",
                          "The database cannot be written; acknowledged play is held."),
    "rooms_rate_limited": ("С этого адреса создано слишком много комнат; подождите минуту.",
                           "Too many rooms created from this address; wait a minute."),
    "players_rate_limited": ("С этого адреса создано слишком много игроков; подождите минуту.",
                             "Too many players created from this address; wait a minute."),
    "too_many_rooms": ("На сервере столько комнат, сколько он может держать; попробуйте позже.",
                       "The server holds as many rooms as it may; try again later."),
    "no_room_now": ("Сервер сейчас не может открыть комнату; попробуйте позже.",
                    "The server cannot open a room right now; try again later."),
    "bad_idempotency_key": ("Заголовок 'Idempotency-Key' должен состоять из 1-64 знаков 'A-Z', 'a-z', '0-9', '_' или "
                            "'-'.", "The 'Idempotency-Key' header must be 1-64 characters of 'A-Z', 'a-z', '0-9', '_' "
                            "or '-'."),
    "idempotency_key_reused": ("Этот ключ 'Idempotency-Key' уже пришёл с другим запросом; для нового действия нужен "
                               "новый ключ.",
                               "This 'Idempotency-Key' came with another request; a new action needs a new key."),
    "idempotency_key_busy": ("Первый запрос с этим ключом 'Idempotency-Key' ещё выполняется; повторите чуть позже.",
                             "The first request with this 'Idempotency-Key' is still being answered; try again "
                             "shortly."),
    "bot_unavailable": ("Компьютерный соперник не смог сесть за стол; попробуйте ещё раз.",
                        "The computer opponent could not be seated; try again."),
    "unavailable": ("Комната сейчас недоступна; попробуйте ещё раз.", "The room is unavailable; try again."),
    "room_busy": ("Комната перегружена; попробуйте чуть позже.", "The room is busy; try again shortly."),
    "timeout": ("Комната не ответила вовремя; попробуйте ещё раз.", "The room did not answer in time; try again."),
    "fenced": ("Комната переходит на другой сервер; попробуйте ещё раз.",
               "The room is moving to another server; try again."),
    "room_exists": ("Комната с таким номером уже есть; попробуйте ещё раз.",
                    "A room with this id exists already; try again."),
    "snapshot_needed": ("Хранилище комнат сейчас не готово; попробуйте позже.",
                        "The room store is not ready right now; try again later."),
    "bad_credentials": ("Игрок не найден или ключ неверен; выберите имя заново.",
                        "Unknown player or wrong secret; choose a name again."),
}

_ROOMS = {
    "room_not_found": ("Комнаты с таким номером нет (или она закрыта).",
                       "No room with this id exists (or it has expired)."),
    "seat_taken": ("Оба места в этой комнате заняты.", "Both seats of this room are taken."),
    "bad_seat_token": ("Ключ места не подходит к этой комнате.", "The seat token is not valid for this room."),
    "already_dealt": ("Карты уже розданы; колоды не меняются.", "The game has been dealt; decks are fixed."),
    "not_finished": ("Игра ещё не окончена.", "The game is not over yet."),
    "rematch_not_a_player": ("Реванш могут попросить только игроки этой партии.",
                             "Only the players of this game can ask for a rematch."),
    "rematch_declined": ("От реванша отказались.", "The rematch was declined."),
    "no_rematch": ("Реванш не предлагали.", "No rematch has been offered."),
    "tutorial_no_rematch": ("У игры обучения нет реванша: начните эту часть обучения заново.",
                            "A tutorial's game has no rematch: start the tutorial's part again instead."),
    "rematch_started": ("Реванш уже начался.", "The rematch has started already."),
    "claim_not_a_player": ("Забрать победу может только игрок, сидящий за этим столом.",
                           "Only a player seated in this game may claim the win."),
    "abort_not_a_player": ("Отменить игру может только игрок, сидящий за этим столом.",
                           "Only a player seated in this game may abort it."),
    "not_running": ("Игра сейчас не идёт: забирать нечего.",
                    "The game is not being played: there is nothing to claim."),
    "opponent_present": ("Соперник на связи; победу можно забрать только у ушедшего игрока.",
                         "Your opponent is connected; the win can be claimed only from a player who has left."),
    "grace_not_over": ("Соперник ещё может вернуться: победу можно будет забрать через {wait} с.",
                       "Your opponent may still come back: the win can be claimed in {wait} s."),
    "too_late_to_abort": ("Игру уже нельзя отменить: первый ход первого игрока закончился (или игра окончена).",
                          "The game can no longer be aborted: the first player's first turn has ended "
                          "(or the game is over)."),
    "end_kind": ("Можно только забрать победу ('claim') или отменить игру ('abort').",
                 "Ask to 'claim' the win or to 'abort' the game."),
    "room_closed": ("Комната закрылась.", "The room has closed."),
    "room_moving": ("Комната переходит на другой сервер; попробуйте ещё раз.",
                    "The room is moving to another server; try again."),
    "bad_token": ("Поле 'token' должно быть ключом места.", "'token' must be the seat token."),
    "bad_bool": ("Поле '{field}' может быть только true или false.", "'{field}' must be true or false."),
    "bad_clock": ("Поле 'clock' должно быть объектом {{base, increment}} в секундах или null (без часов).",
                  "'clock' must be an object {{base, increment}} in seconds, or null for no clock."),
    "unknown_clock_field": ("Неизвестное поле 'clock.{field}'; поля 'clock': base, increment.",
                            "Unknown field 'clock.{field}'; the fields of 'clock' are base, increment."),
    "clock_range": ("Поле 'clock.{field}' должно быть числом секунд от {low} до {high}.",
                    "'clock.{field}' must be a number of seconds between {low} and {high}."),
    "bad_opponent": ("Поле 'opponent' может быть только \"bot\" или отсутствовать.",
                     "'opponent' must be \"bot\" or absent."),
    "bad_decks_pair": ("Поле 'decks' должно быть списком из двух названий стартовых колод.",
                       "'decks' must be a list of two starter deck names."),
    "bad_tutorial": ("Поле 'tutorial' может быть только одним из: {parts}.",
                     "'tutorial' must be one of {parts}."),
    "tutorial_needs_bot": ("Обучение играется против компьютера: поле 'opponent' должно быть \"bot\".",
                           "A tutorial is played against the computer: 'opponent' must be \"bot\"."),
    "unknown_level": ("Поле 'bot' должно быть одним из уровней: {levels}.",
                      "'bot' must be one of the levels: {levels}."),
    "bad_deck": ("Колода не подходит.", "The deck cannot be played."),
    "bad_limit": ("Параметр limit должен быть целым числом.", "limit must be an integer."),
    "queue_full": ("Слишком много игроков ждут игры; попробуйте через минуту.",
                   "Too many players are waiting for a game; try again in a minute."),
    "not_queued": ("Этого билета нет в очереди (он истёк или уже использован).",
                   "This ticket is not in the queue (it expired or was used)."),
}

_GAMES = {
    "replay_needs_auth": ("Для записи игры с места игрока нужен заголовок 'Authorization: Bearer <id>:<secret>'.",
                          "A seat's replay needs 'Authorization: Bearer <player id>:<secret>'."),
    "replay_bad_secret": ("Номер игрока и ключ не совпадают.", "The player id and secret do not match."),
    "forbidden": ("Смотреть игру с этого места может только игрок, сидевший на нём.",
                  "Only the player of that seat may replay the game from it."),
    "player_required": ("Нужен параметр 'player' (номер игрока).", "'player' (a player id) is required."),
    "not_integer": ("Параметр '{name}' должен быть целым числом.", "'{name}' must be an integer."),
    "int_range": ("Параметр '{name}' должен быть от {low} до {high}.", "'{name}' must be between {low} and {high}."),
    "int_min": ("Параметр '{name}' должен быть не меньше {low}.", "'{name}' must be >= {low}."),
    "bad_seat": ("Параметр 'seat' может быть только 1 или 2.", "'seat' must be 1 or 2."),
    "bad_before": ("Параметр 'before' должен быть временем в секундах Unix.",
                   "'before' must be a time in Unix seconds."),
    "replay_mismatch": ("Сохранённая игра не воспроизводится; ошибка записана в журнал.",
                        "The stored game does not replay; it was logged."),
    "game_not_found": ("Законченной игры с таким номером нет.", "No finished game has this id."),
}

TEXTS: dict[str, tuple[str, str]] = {**_BODY, **_GUARD, **_SERVER, **_ROOMS, **_GAMES}
