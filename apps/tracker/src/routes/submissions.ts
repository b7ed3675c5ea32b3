import { BookingPayload, FeedbackPayload, MESSAGES, OnboardingPayload } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../errors.ts';
import { nextSlot } from '../schedule.ts';

export const submissionRoutes: FastifyPluginAsync = async (app) => {
  const { repos, config, now } = app.tracker;

  app.get('/bookings/next-available-date', async () => ({
    date: nextSlot(now(), config.bookingWeekdays).toISOString(),
  }));

  app.post('/bookings', async (request, reply) => {
    const payload = parseInput(BookingPayload, request.body);
    const slot = nextSlot(now(), config.bookingWeekdays);
    const id = await repos.submissions.addBooking({ ...payload, slotAt: slot });
    reply.code(201);
    return { message: MESSAGES.bookingConfirmed, id, date: slot.toISOString() };
  });

  app.post('/feedback', async (request, reply) => {
    const payload = parseInput(FeedbackPayload, request.body);
    const id = await repos.submissions.addFeedback(payload);
    reply.code(201);
    return { message: 'Thank you for your feedback.', id };
  });

  app.post('/onboarding', async (request, reply) => {
    const payload = parseInput(OnboardingPayload, request.body);
    const id = await repos.submissions.addOnboarding(payload);
    reply.code(201);
    return { message: 'Your selection has been saved.', id };
  });
};
