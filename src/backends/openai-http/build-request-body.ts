// Turns a GenerationRequest into the endpoint and JSON body of an OpenAI-compatible call.
import type { GenerationRequest, ToolDefinition } from "../../core/generation.js";
import type { ChatMessage } from "../../core/prompt.js";

/** A chat message as OpenAI's API takes it: an assistant's calls as `tool_calls`, a tool result's `tool_call_id`. */
export interface WireMessage {
  role: ChatMessage["role"];
  content: string;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface WireBody {
  model: string;
  messages?: (ChatMessage | WireMessage)[];
  tools?: readonly ToolDefinition[];
  tool_choice?: string;
  prompt?: string;
  max_tokens?: number;
  temperature?: number;
  seed?: number;
  stop?: string[];
  stream?: boolean;
  stream_options?: { include_usage: boolean };
  [key: string]: unknown;
}

export interface WireRequest {
  endpoint: "/chat/completions" | "/completions";
  body: WireBody;
}

/** `params.extraBody` is merged last, shallowly, so it can override any field. */
export function buildRequestBody(request: GenerationRequest, model: string): WireRequest {
  const { prompt, params, stream } = request;
  const body: WireBody = { model };
  let endpoint: WireRequest["endpoint"];
  if (prompt.type === "chat") {
    endpoint = "/chat/completions";
    body.messages = prompt.messages.some(hasToolFields) ? prompt.messages.map(wireMessage) : prompt.messages;
    if (params.tools !== undefined && params.tools.length > 0) body.tools = params.tools;
    if (params.toolChoice !== undefined) body.tool_choice = params.toolChoice;
  } else {
    endpoint = "/completions";
    body.prompt = prompt.text;
  }
  if (params.maxTokens !== undefined) body.max_tokens = params.maxTokens;
  if (params.temperature !== undefined) body.temperature = params.temperature;
  if (params.seed !== undefined) body.seed = params.seed;
  if (params.stop !== undefined && params.stop.length > 0) body.stop = params.stop;
  body.stream = stream;
  if (stream) body.stream_options = { include_usage: true };
  if (params.extraBody !== undefined) Object.assign(body, params.extraBody);
  return { endpoint, body };
}

const hasToolFields = (message: ChatMessage): boolean =>
  message.toolCalls !== undefined || message.toolCallId !== undefined;

function wireMessage(message: ChatMessage): WireMessage {
  const wire: WireMessage = { role: message.role, content: message.content };
  if (message.toolCalls !== undefined && message.toolCalls.length > 0) {
    wire.tool_calls = message.toolCalls.map((call) => ({
      id: call.id,
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  if (message.toolCallId !== undefined) wire.tool_call_id = message.toolCallId;
  return wire;
}
