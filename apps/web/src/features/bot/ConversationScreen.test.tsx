import { api } from '@school/contract/paths';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices } from '../../components/feedback/notices';
import { DEFAULT_UNDO_DELAY_MS } from '../../components/feedback/pendingCommits';
import { ANSWERS } from '../../test/botData';
import { calledUrls, lastBody, rows, seed, server } from '../../test/server';
import { confirmDelete, renderWithProviders, setupI18n, stubLayout } from '../../test/utils';
import { ConversationScreen } from './ConversationScreen';

const GREETING = 'Hello! Ready for a short test?';
const QUESTION = 'What is the past of "go"?';
const END = 'Thank you, the test is over.';
const FORGOTTEN = 'A forgotten answer';

function renderConversation(id = 1) {
  return renderWithProviders(
    <Routes>
      <Route path="/conversations/:id" element={<ConversationScreen />} />
    </Routes>,
    `/conversations/${id}`,
  );
}

const answersSection = () => screen.findByRole('region', { name: 'Answers' });
/** The card of the answer whose text is `text`. */
const card = (text: string) => {
  const found = screen
    .getAllByRole('article')
    .find((article) => within(article).queryByText(text, { selector: 'p' }));
  if (!found) throw new Error(`no answer card says ${text}`);
  return found;
};
const buttonsOf = (id: number) =>
  within(screen.getByRole('list', { name: `Buttons of answer #${id}` }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

beforeAll(setupI18n);
beforeEach(() => stubLayout());
afterEach(() => {
  cleanup();
  clearNotices();
  vi.useRealTimers();
});

describe('a conversation’s answers', () => {
  it('lists the answers in order, with the start, the end and each answer’s buttons', async () => {
    renderConversation();
    expect(await screen.findByRole('heading', { level: 1, name: 'Answers' })).toBeInTheDocument();
    const section = await answersSection();
    await within(section).findByText(GREETING);
    expect(
      within(section)
        .getAllByRole('article')
        .map((article) => within(article).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['#10StartButtons', '#11Buttons', '#12Ends the conversationFinal', '#13Buttons']);
    await waitFor(() => expect(buttonsOf(10)).toEqual([`Yes→ ${QUESTION}`]));
    expect(buttonsOf(11)).toEqual([`went→ ${END}Right2 points · Grammar`, `goed→ ${END}`]);
    // The last answer has no buttons and offers none.
    expect(buttonsOf(12)).toEqual([]);
    expect(within(card(END)).queryByRole('button', { name: 'Add button' })).toBeNull();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
  });

  it('adds an answer from the New answer form', async () => {
    const user = userEvent.setup();
    renderConversation();
    const section = await answersSection();
    await within(section).findByText(GREETING);
    const form = within(section).getByRole('form', { name: 'New answer' });
    await user.type(within(form).getByLabelText(/^Text/), 'Which level are you?');
    await user.click(within(form).getByRole('button', { name: 'Add answer' }));

    expect(await within(section).findByText('Which level are you?')).toBeInTheDocument();
    expect(lastBody('POST', api.answers)).toEqual({
      text: 'Which level are you?',
      answerTypeId: 1,
      isLast: 0,
      conversationId: 1,
    });
    expect(within(section).getAllByRole('article')).toHaveLength(5);
  });

  it('adds a button that leads to the answer chosen by its text', async () => {
    const user = userEvent.setup();
    renderConversation();
    await within(await answersSection()).findByText(FORGOTTEN);
    const forgotten = card(FORGOTTEN);
    await user.click(within(forgotten).getByRole('button', { name: 'Add button' }));
    const form = within(forgotten).getByRole('form', { name: 'New button' });
    await user.type(within(form).getByLabelText(/^Button text/), 'Back to the start');
    const next = within(form).getByRole('combobox', { name: 'Next answer' });
    // The choices are the other answers' texts, not their ids.
    expect(
      within(next)
        .getAllByRole('option')
        .map((option) => option.textContent)
        .slice(1),
    ).toEqual([GREETING, QUESTION, END]);
    await user.selectOptions(next, GREETING);
    await user.click(within(form).getByRole('button', { name: 'Add button' }));

    await waitFor(() => expect(buttonsOf(13)).toEqual([`Back to the start→ ${GREETING}`]));
    expect(lastBody('POST', api.answerConnectors)).toMatchObject({
      text: 'Back to the start',
      nextId: 10,
      fromId: 13,
    });
    // OK closes the form; the answer offers Add button again.
    const saved = await within(card(FORGOTTEN)).findByRole('status');
    expect(saved).toHaveTextContent('Successfully done !');
    await user.click(within(saved).getByRole('button', { name: 'OK' }));
    expect(within(card(FORGOTTEN)).getByRole('button', { name: 'Add button' })).toBeInTheDocument();
  });

  it('removes a deleted answer at once; Undo brings it back and nothing is sent', async () => {
    const user = userEvent.setup();
    renderConversation();
    const section = await answersSection();
    await within(section).findByText(FORGOTTEN);
    await user.click(screen.getByRole('button', { name: `Delete answer “${FORGOTTEN}”` }));
    await confirmDelete(user, `Delete answer “${FORGOTTEN}”?`);

    expect(within(section).queryByText(FORGOTTEN)).not.toBeInTheDocument();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(`Deleted answer “${FORGOTTEN}”.`);
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));
    expect(within(section).getByText(FORGOTTEN)).toBeInTheDocument();
    expect(calledUrls('DELETE')).toHaveLength(0);
  });

  it('sends the delete of a button once the Undo time has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderConversation();
    await within(await answersSection()).findByText(GREETING);
    await waitFor(() => expect(buttonsOf(11)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Delete button “goed”' }));
    await confirmDelete(user, 'Delete button “goed”?');
    expect(buttonsOf(11)).toEqual([`went→ ${END}Right2 points · Grammar`]);
    expect(calledUrls('DELETE')).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(DEFAULT_UNDO_DELAY_MS);
    await waitFor(() =>
      expect(calledUrls('DELETE').map((url) => url.pathname)).toEqual([api.answerConnector(102)]),
    );
    await waitFor(() => expect(rows('answerconnectors')).toHaveLength(2));
    expect(buttonsOf(11)).toEqual([`went→ ${END}Right2 points · Grammar`]);
  });
});

describe('a conversation’s graph', () => {
  it('counts the problems and names them on the answer concerned', async () => {
    renderConversation();
    // The panel, and inside it the scrollable box of the drawing, are both named Graph.
    const [graph] = await screen.findAllByRole('region', { name: 'Graph' });
    expect(
      await within(graph!).findByText('1 problem: marked ⚠ and listed on the answer.'),
    ).toBeInTheDocument();
    expect(
      await within(graph!).findByRole('img', {
        name: 'Conversation graph: 4 answers, 3 buttons between them',
      }),
    ).toBeInTheDocument();
    expect(within(graph!).getByText('#13 ⚠')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(card(FORGOTTEN)).getByText(`“${FORGOTTEN}” cannot be reached from the start.`),
      ).toBeInTheDocument(),
    );
  });
});

describe('publishing', () => {
  it('lists the problems the server names when it refuses to publish', async () => {
    server.use(
      http.put(api.conversation(1), () =>
        HttpResponse.json(
          {
            error: 'validation',
            message: 'The graph has problems',
            problems: [{ kind: 'unreachable', answerId: 13, message: 'Answer 13 unreachable' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderConversation();
    await within(await answersSection()).findByText(FORGOTTEN);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Not published: the conversation has these problems.');
    expect(within(refused).getByRole('listitem')).toHaveTextContent(
      `“${FORGOTTEN}” cannot be reached from the start.`,
    );
    expect(lastBody('PUT', api.conversation(1))).toEqual({ isPresent: 1 });
    expect(screen.getByText('Draft')).toBeInTheDocument();
  });
});

describe('the walk-through preview', () => {
  it('walks by pressing buttons to the last message and shows the score', async () => {
    const user = userEvent.setup();
    renderConversation();
    const preview = await screen.findByRole('region', { name: 'Try it' });
    const choices = await within(preview).findByRole('group', { name: 'Buttons' });
    expect(within(preview).getByText(GREETING)).toBeInTheDocument();
    await user.click(within(choices).getByRole('button', { name: 'Yes' }));
    expect(await within(preview).findByText(QUESTION)).toBeInTheDocument();
    await user.click(
      within(await within(preview).findByRole('group', { name: 'Buttons' })).getByRole('button', {
        name: 'went',
      }),
    );

    expect(await within(preview).findByText('The conversation has ended.')).toBeInTheDocument();
    expect(within(preview).getByText(END)).toBeInTheDocument();
    expect(within(preview).getByText('Grammar: 2 points')).toBeInTheDocument();
    expect(within(preview).getByText('Total: 2 points')).toBeInTheDocument();
    expect(within(preview).queryByRole('group', { name: 'Buttons' })).not.toBeInTheDocument();
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([`Bot${GREETING}`, 'StudentYes', `Bot${QUESTION}`, 'Studentwent', `Bot${END}`]);
    expect(lastBody('POST', api.conversationPreview(1))).toEqual({
      replies: [{ connectorId: 100 }, { connectorId: 101 }],
    });

    await user.click(within(preview).getByRole('button', { name: 'Start again' }));
    expect(await within(preview).findByRole('group', { name: 'Buttons' })).toBeInTheDocument();
    expect(within(preview).queryByText('The conversation has ended.')).not.toBeInTheDocument();
  });

  it('sends a typed reply to a free-text answer', async () => {
    seed({
      answers: ANSWERS.map((a) => (a.id === 11 ? { ...a, answerTypeId: 2 } : a)),
    });
    const user = userEvent.setup();
    renderConversation();
    const preview = await screen.findByRole('region', { name: 'Try it' });
    await user.click(
      within(await within(preview).findByRole('group', { name: 'Buttons' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const reply = await within(preview).findByRole('textbox', { name: 'Your reply' });
    await user.type(reply, 'I went home');
    await user.click(within(preview).getByRole('button', { name: 'Send' }));
    expect(await within(preview).findByText('I went home')).toBeInTheDocument();
    expect(await within(preview).findByText('The conversation has ended.')).toBeInTheDocument();
    expect(lastBody('POST', api.conversationPreview(1))).toEqual({
      replies: [{ connectorId: 100 }, { text: 'I went home' }],
    });
  });
});

describe('a conversation’s record screen', () => {
  it('names the conversation under the title and leads back to the list', async () => {
    renderConversation();
    expect(await screen.findByText('Placement test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to conversations' })).toHaveAttribute(
      'href',
      '/conversations',
    );
  });

  it('says a conversation that is not there does not exist, with the way to the list', async () => {
    renderConversation(999);
    const missing = await screen.findByRole('alert');
    expect(missing).toHaveTextContent('This conversation does not exist (any more).');
    expect(within(missing).getByRole('link', { name: 'All conversations' })).toHaveAttribute(
      'href',
      '/conversations',
    );
  });
});
