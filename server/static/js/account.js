// The player's account over the server's API (server/accounts/api.py, server/friends.py, server/profiles.py):
// signing in with name + password, the account, password, renames, friends and challenges. Each function returns
// parsed JSON or throws like api.js call() (e.code, e.status).

import { call } from "./api.js";

const enc = encodeURIComponent;

/** Sign in on this browser: {id, secret, name} of a new session. */
export const signIn = (name, password) => call("POST", "/api/sessions", { name, password });
/** The own account: {id, name, created, name_changed, has_password, lang, next_rename}. */
export const account = () => call("GET", "/api/players/me/account");
/** Rename and/or set the language: the account. */
export const updateAccount = (body) => call("PATCH", "/api/players/me", body);
/** Set or change the password: {revoked}. */
export const setPassword = (password, current) => call("PUT", "/api/players/me/password",
  current ? { password, current } : { password });
/** Sign out this browser, or every browser: {revoked}. */
export const signOut = (everywhere) => call("POST", "/api/players/me/signout", { everywhere });
/** A player's profile by name. */
export const profile = (name) => call("GET", `/api/profiles/${enc(name)}`);
/** Friends, requests and open challenges. */
export const friends = () => call("GET", "/api/friends");
/** Add a player by name: {id, name, mutual}. */
export const addFriend = (name) => call("POST", "/api/friends", { name });
/** Remove a player one added (a friend: they are one's friend no more). */
export const removeFriend = (id) => call("DELETE", `/api/friends/${enc(id)}`);
/** Challenge a friend: the challenge. */
export const challenge = (to, deck, clock) => call("POST", "/api/challenges", { to, deck, clock });
/** Accept a challenge with a deck: {room, seat, token}. */
export const accept = (id, deck) => call("POST", `/api/challenges/${enc(id)}/accept`, { deck });
/** Decline a challenge addressed to me. */
export const decline = (id) => call("POST", `/api/challenges/${enc(id)}/decline`);
/** Withdraw my challenge. */
export const cancel = (id) => call("DELETE", `/api/challenges/${enc(id)}`);
