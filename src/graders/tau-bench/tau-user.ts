// τ-bench's simulated user (`tau_bench/envs/user.py`, LLMUserSimulationEnv, sierra-research/tau-bench@59a200c6):
// its system prompt around the task's instruction, the agent's opening line it answers first, and the marker that
// ends the conversation.

/** The user model's first "user" message (the agent's greeting, from the user's side of the conversation). */
export const TAU_USER_OPENING = "Hi! How can I help you today?";

/** The user's message that ends the conversation (τ-bench: `"###STOP###" in observation`). */
export const TAU_STOP = "###STOP###";

/** The user model's system prompt for a task's instruction (`build_system_prompt`). */
export function tauUserSystemPrompt(instruction: string): string {
  return `You are a user interacting with an agent.

Instruction: ${instruction}

Rules:
- Just generate one line at a time to simulate the user's message.
- Do not give away all the instruction at once. Only provide the information that is necessary for the current step.
- Do not hallucinate information that is not provided in the instruction. For example, if the agent asks for the order id but it is not mentioned in the instruction, do not make up an order id, just say you do not remember or have it.
- If the instruction goal is satisified, generate '###STOP###' as a standalone message without anything else to end the conversation.
- Do not repeat the exact instruction in the conversation. Instead, use your own words to convey the same information.
- Try to make the conversation as natural as possible, and stick to the personalities in the instruction.`;
}
