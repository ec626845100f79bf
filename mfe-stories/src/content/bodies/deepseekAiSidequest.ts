import workflowImage from '../../assets/deepseek-workflow.webp';

/** Body of 'deepseek-ai-sidequest': a success story told by the talent who solved the bounty. */
export const deepseekAiSidequestBody = `
I did not plan to become "the person who self-hosts language models". For four years I wrote backend services for a furniture retailer: order queues, payment webhooks, the occasional nightly export that broke on a leap day. When open-weight reasoning models started appearing, I spent my evenings reading model cards and breaking my laptop's fan. None of that counted for anything on my CV. There was no certificate for "stayed up late getting a quantised model to stop repeating itself".

Then a bounty on Side Quest gave me a way to turn those evenings into evidence. This is the story of that bounty, what I actually did, what went wrong, and why it changed the kind of conversations I have with companies now.

# The bounty that caught my eye

A mid-sized logistics company had posted a challenge in the AI/ML area. Their support team received a steady stream of messages from drivers, warehouse staff and customers, and every message had to be read, tagged and summarised before it reached the right person. They wanted to know whether an open-weight model, running on hardware they controlled, could do the first pass. Sending customer messages to a third-party API was not an option for them.

The brief was unusually good, and I have since learned that a good brief is half the reason a bounty gets solved. It contained:

- **A labelled sample** of anonymised messages with the categories their team had assigned by hand.
- **A hardware envelope**: one mid-range data-centre GPU, nothing more.
- **Success criteria** written as tests: an accuracy bar on a held-out set they would keep private, a latency budget per message, and a requirement that every summary stay under a fixed length.
- **A hard rule**: no message may leave the machine.
- **A reward**, paid for a solution that met the criteria, and a note that they were open to talking with whoever solved it.

I read the brief three times, then read it again the next morning. The second reading is when you notice what the company is really worried about. Here it was not accuracy; it was trust. They needed to be able to explain to their own managers why a model had put a message in the wrong queue.

# Why a DeepSeek model

I chose to start from the distilled reasoning models that [DeepSeek publishes with open weights](https://github.com/deepseek-ai). The family includes small distilled variants built on other open model families, which matters when the hardware envelope is a single GPU. Three things made them a good fit for this particular problem:

1. **They think out loud.** A reasoning model produces its chain of thought before the answer. For a support team that needed to explain decisions, a short written rationale next to each label was not a gimmick, it was the feature.
2. **The licence allowed self-hosting.** I checked the licence on the model card before writing a single line of code, and I put a link to it in my submission. Companies notice when you do that.
3. **The tooling was mature.** The models load with the usual [Hugging Face Transformers](https://huggingface.co/docs/transformers/index) stack, and [vLLM](https://docs.vllm.ai/) can serve them with continuous batching, which is what you want when messages arrive in bursts.

I also tried two other open models as a sanity check. I kept the comparison in my report, including the places where a competitor did better. Hiding the comparison would have made my result look cleaner and my judgement look worse.

# What I actually built

![Four stages of the work: read the brief, reproduce the baseline, measure one change at a time, package the proof](${workflowImage})

## Step one: reproduce the baseline

Before improving anything, I wrote the dullest possible version: a script that sent each message to the model with a plain instruction and parsed the answer. It was slow and it was wrong often enough to be embarrassing. That was the point. The baseline gave me a number I could beat honestly, and it gave the company a reference they could rerun themselves.

I kept an evaluation harness separate from the model code from the first day. It read the labelled sample, called whatever classifier I plugged in, and wrote a small table: per-category precision and recall, the confusion matrix, and the latency distribution. Every later change was judged by that harness and nothing else.

## Step two: one change at a time

The temptation with language models is to change five things at once and declare victory. I kept a plain text log instead, one line per experiment:

- the prompt, with the category definitions copied verbatim from the company's own tagging guide;
- a few worked examples per category, chosen from the training half of the sample only;
- a strict output format, so the parser never had to guess;
- a cap on how long the model was allowed to reason before answering;
- quantisation settings, tried last, because they change both speed and quality.

Some ideas failed. A longer reasoning budget made the model more confident, not more correct, on the two categories that even the human taggers disagreed about. I wrote that down too. A negative result with a clear explanation is still a result.

## Step three: make it boring to run

A bounty solution is not a notebook. I packaged the service as a container with a single configuration file, a health endpoint, and a script that runs the evaluation harness against any labelled file the company points it at. I wrote the README for the person who would be on call for it, not for the person who wrote it.

### The part I almost skipped

Privacy was the company's hard rule, so I added a test that runs the whole pipeline with networking disabled inside the container. It is a small thing. In the review call it was the first thing their engineer asked about, and being able to say "there is a test for that, it is in the CI file" changed the tone of the conversation.

# Proof of Competence, in practice

Side Quest talks a lot about **Proof of Competence**: showing what you can do by doing it on a real problem, with real constraints, for someone who cares about the outcome. Before this bounty I thought of that as a slogan. Afterwards I understood it as a format.

My submission contained:

- the code and the container, with instructions to rebuild both from scratch;
- the evaluation table for the baseline and for the final version, produced by the same harness;
- a one-page decision log explaining every choice, including the abandoned ones;
- a list of known weaknesses, starting with the ambiguous categories;
- a short note on what I would do with another month.

None of that is exotic. What made it persuasive was that a stranger could check every claim in it without trusting me. That is the difference between a portfolio project and a proof.

# What happened next

The solution met the criteria on the company's private test set, and the bounty was paid. What I did not expect was the follow-up. Their head of engineering asked for a call, not to interview me in the usual sense, but to walk through the decision log. We spent most of the hour on the two ambiguous categories and on how their tagging guide could be rewritten so that humans and models disagreed less.

A few weeks later they offered me a contract to take the prototype into production. I am writing this from that project. The interview process, such as it was, consisted of work I had already done.

# Advice if you want to try an AI bounty

If you are reading this because you have your own late-night experiments and no way to show them, here is what I would tell you:

- **Read the brief until you can say what the company fears.** The criteria tell you what to measure; the fear tells you what to explain.
- **Build the evaluation harness first.** If you cannot measure the baseline, you cannot prove the improvement.
- **Check licences and data rules before you start.** It takes minutes and it signals maturity.
- **Keep a decision log.** Future you, and the reviewer, will thank you.
- **Report what did not work.** It shows judgement, which is the skill nobody can fake.
- **Use the [Value Compass](/compass)** to see which skills companies are actually paying for, and pick bounties that stretch you in that direction.

The tools keep improving. The open models I used will be replaced by better ones, and the [PyTorch documentation](https://pytorch.org/docs/stable/index.html) I had open in a tab all summer will change too. What will not change is that a company with a real problem would rather see you solve it than read about how you might.

If that sounds like your kind of work, [browse the open bounties](/bounties) and pick one that scares you slightly. That is usually the right one.
`;
