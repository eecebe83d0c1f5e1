/** Roles every compatible server accepts (OpenAI's `developer` is left out: local servers do not know it). */
export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

/** A JSON Schema as strict structured outputs take it: objects close with additionalProperties false. */
export type JsonSchema = { [key: string]: unknown };

/** Tokens one completion used, as the server counted them. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface StructuredRequest<T> {
  messages: ChatMessage[];
  /** The schema's name (`response_format.json_schema.name`): letters, digits, _ and -. */
  name: string;
  schema: JsonSchema;
  /** Checks and shapes the parsed content; throws to refuse it (a bad_response). */
  parse: (value: unknown) => T;
}

export interface StructuredResult<T> {
  value: T;
  /** Null when the server sent no usage (some compatible servers leave it out). */
  usage: TokenUsage | null;
  /** The model that answered, as the server names it (`gpt-4o-mini-2024-07-18`). */
  model: string;
  requestId: string | null;
  /** Requests sent, retries included. */
  attempts: number;
}

export interface ModelInfo {
  id: string;
  ownedBy: string | null;
}
